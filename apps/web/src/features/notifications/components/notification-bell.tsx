import { listTimestamp } from '@lokal/shared/domain/chat';
import type { AppNotification } from '@lokal/shared/schemas/notifications';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Bell } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { notificationsQuery } from '../api/get-notifications.ts';
import { useMarkNotificationsRead } from '../api/mark-read.ts';

/** The bell: how many notifications are unread, and the list behind it. */
export function NotificationBell() {
  const list = useInfiniteQuery(notificationsQuery);
  const markRead = useMarkNotificationsRead();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  // Counted by the server over the whole list, so it does not depend on how many pages are loaded.
  const unread = list.data?.pages[0]?.unread ?? 0;
  const items = list.data?.pages.flatMap((p) => p.notifications);

  function follow(n: AppNotification) {
    if (!n.readAt) markRead.mutate([n.id]);
    setOpen(false);
    if (n.link) navigate(n.link);
  }

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={buttonClass('ghost', 'icon', 'relative')}
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
      >
        <Bell className="h-5 w-5" aria-hidden />
        {unread ? (
          <span
            aria-hidden
            className="absolute top-1 right-1 min-w-[1.1rem] rounded-full bg-terracotta px-1 text-center text-[0.65rem] leading-[1.1rem] font-semibold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Notifications">
        {list.isPending ? <Skeleton className="mt-4 h-32" /> : null}
        {list.isError ? (
          <p role="alert" className="mt-4 text-danger">
            {list.error.message}
          </p>
        ) : null}
        {items?.length === 0 ? (
          <p className="mt-4 text-muted">Nothing new. Booking updates appear here.</p>
        ) : null}
        {items?.length ? (
          <>
            <ul className="mt-4 max-h-[60vh] divide-y divide-line overflow-y-auto rounded-xl border border-line bg-white">
              {items.map((n) => (
                <li key={n.id}>
                  <button
                    type="button"
                    onClick={() => follow(n)}
                    className="block w-full px-4 py-3 text-left hover:bg-sand/60"
                  >
                    <span className="flex items-baseline gap-2">
                      {n.readAt ? null : (
                        <span className="h-2 w-2 shrink-0 rounded-full bg-terracotta">
                          <span className="sr-only">Unread</span>
                        </span>
                      )}
                      <span className={`flex-1 ${n.readAt ? '' : 'font-semibold'}`}>{n.title}</span>
                      <time className="text-xs text-muted" dateTime={n.createdAt}>
                        {listTimestamp(n.createdAt)}
                      </time>
                    </span>
                    <span className="mt-0.5 block text-sm text-muted">{n.body}</span>
                  </button>
                </li>
              ))}
            </ul>
            {list.hasNextPage ? (
              <Button
                variant="outline"
                className="mt-3 w-full"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </Button>
            ) : null}
            {list.isFetchNextPageError ? (
              <p role="alert" className="mt-2 text-sm text-danger">
                {list.error?.message}
              </p>
            ) : null}
            {unread ? (
              <Button
                variant="outline"
                className="mt-4 w-full"
                disabled={markRead.isPending}
                onClick={() => markRead.mutate(undefined)}
              >
                Mark all read
              </Button>
            ) : null}
          </>
        ) : null}
      </Dialog>
    </>
  );
}
