import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuth } from '../features/auth/auth-context.tsx';
import { bookingsKey } from '../features/bookings/api/get-bookings.ts';
import { conversationKey } from '../features/chat/api/get-conversation.ts';
import { conversationsQuery } from '../features/chat/api/get-conversations.ts';
import { notificationsQuery } from '../features/notifications/api/get-notifications.ts';
import { afterLoad } from '../lib/after-load.ts';
import { realtime } from '../lib/realtime.ts';
import { toast } from '../lib/toast.ts';

/**
 * Opens the live connection once a tourist or guide is signed in and onboarded, and closes it at sign-out.
 * The chat wiring loads on demand so the landing page does not carry it, and only after the page has loaded.
 */
export function RealtimeBridge() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const uid = user && user.role !== 'staff' && user.isOnboarded ? user.uid : null;
  useEffect(() => {
    if (!uid) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    // Booking changes and notifications: refresh what shows them, and say it once.
    const off = realtime.onFrame((frame) => {
      if (frame.type === 'booking') {
        void queryClient.invalidateQueries({ queryKey: bookingsKey });
        // An accepted booking unmasks the pair's conversation.
        void queryClient.invalidateQueries({ queryKey: conversationKey });
        // Each list row shows the pair's booking state (decision 079), kept in the booking's own transaction.
        void queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey });
      }
      if (frame.type === 'notification') {
        void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
        toast.info(frame.notification.title);
      }
    });
    // The socket opens once the page has loaded: the screen needs no live data to draw (decision 042).
    const cancelStart = afterLoad(() => {
      void import('../features/chat/realtime-sync.ts').then((m) => {
        if (!cancelled) stop = m.startChatSync(queryClient, uid);
      });
    });
    return () => {
      cancelled = true;
      cancelStart();
      off();
      stop?.();
    };
  }, [uid, queryClient]);
  return null;
}
