import { CHAT_MESSAGES } from '@lokal/shared/constants/chat';
import type { Conversation } from '@lokal/shared/schemas/chat';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Ban, Flag, MoreVertical, UserRound } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { loadOnOpen } from '../../../components/ui/dialog.tsx';
import { Menu } from '../../../components/ui/menu.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { realtime } from '../../../lib/realtime.ts';
import { toast } from '../../../lib/toast.ts';
import { conversationQuery } from '../api/get-conversation.ts';
import { conversationsQuery } from '../api/get-conversations.ts';
import { messagesQuery } from '../api/get-messages.ts';
import { unreadQuery } from '../api/get-unread.ts';
import { markRead } from '../api/mark-read.ts';
import { useSetBlocked } from '../api/set-blocked.ts';
import { allConversations, allMessages, markMineRead, updateConversations } from '../message-cache.ts';
import { discardMessage, queueMessage, retryMessage, usePendingMessages } from '../outbox.ts';
import { useIsTyping } from '../typing.ts';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { PartyAvatar } from './party-avatar.tsx';

const BlockDialog = loadOnOpen(() => import('./block-dialog.tsx').then((m) => m.BlockDialog));

const ReportDialog = loadOnOpen(() => import('./report-dialog.tsx').then((m) => m.ReportDialog));

const PartyProfileDialog = loadOnOpen(() =>
  import('./party-profile-dialog.tsx').then((m) => m.PartyProfileDialog),
);

type Props = {
  conversationId: string;
  myId: string;
  backTo: string;
  bookingsHref?: string;
  /** A booking's card in the history (the screen brings it from the bookings feature). */
  bookingCard?: (bookingId: string) => ReactNode;
  /** Where the other party's name leads (a guide's page, for tourists). */
  otherHref?: (other: Conversation['other']) => string | null;
  /** Extra header controls the screen adds (the tourist's Book button). */
  headerAction?: (conversation: Conversation) => ReactNode;
  /** Shown in the other party's profile dialog (their reviews). */
  profileExtra?: (other: Conversation['other']) => ReactNode;
};

function useVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const on = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', on);
    return () => document.removeEventListener('visibilitychange', on);
  }, []);
  return visible;
}

/** One conversation: the other party's header, the live history and the composer. */
export function ConversationView({
  conversationId,
  myId,
  backTo,
  bookingsHref,
  bookingCard,
  otherHref,
  headerAction,
  profileExtra,
}: Props) {
  const queryClient = useQueryClient();
  const fromList = allConversations(queryClient.getQueryData(conversationsQuery.queryKey)).find(
    (c) => c.id === conversationId,
  );
  const conversation = useQuery({ ...conversationQuery(conversationId), placeholderData: fromList });
  const history = useInfiniteQuery(messagesQuery(conversationId));
  const pending = usePendingMessages(conversationId);
  const typing = useIsTyping(conversationId);
  const visible = useVisible();
  const messages = useMemo(() => allMessages(history.data), [history.data]);

  // Read what arrives while the conversation is on screen.
  const firstUnread = messages.find((m) => m.senderId !== myId && !m.readAt)?.id;
  useEffect(() => {
    if (!firstUnread || !visible) return;
    let cancelled = false;
    markRead(conversationId)
      .then(() => {
        if (cancelled) return;
        const at = new Date().toISOString();
        // My reading marks every message of the other party: the reader here is me.
        queryClient.setQueryData(messagesQuery(conversationId).queryKey, (d) =>
          markMineRead(d, myId, at, Number.POSITIVE_INFINITY),
        );
        queryClient.setQueryData(conversationsQuery.queryKey, (l) =>
          updateConversations(l, (c) => (c.id === conversationId && c.unread ? { ...c, unread: 0 } : c)),
        );
        void queryClient.invalidateQueries({ queryKey: unreadQuery.queryKey });
      })
      .catch(() => {
        // Not critical: the next message or visit marks them again.
      });
    return () => {
      cancelled = true;
    };
  }, [firstUnread, visible, conversationId, myId, queryClient]);

  const onSend = useCallback(
    (body: string) => queueMessage(queryClient, myId, conversationId, body),
    [queryClient, myId, conversationId],
  );
  const onTyping = useCallback(() => realtime.send({ type: 'typing', conversationId }), [conversationId]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  const loadOlder = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (conversation.isError || history.isError) {
    const err = conversation.error ?? history.error;
    return (
      <div className="flex flex-1 flex-col items-center justify-center gap-4 p-8 text-center">
        <p className="text-lg">{err?.message ?? 'This conversation could not be opened.'}</p>
        <div className="flex gap-3">
          <Button
            variant="outline"
            onClick={() => void Promise.all([conversation.refetch(), history.refetch()])}
          >
            Retry
          </Button>
          <Link to={backTo} className={buttonClass('primary')}>
            All conversations
          </Link>
        </div>
      </div>
    );
  }

  const c = conversation.data;
  return (
    <div className="flex min-h-0 flex-1 flex-col bg-ivory">
      {c ? (
        <Header
          conversation={c}
          backTo={backTo}
          action={headerAction?.(c)}
          profileExtra={profileExtra}
          otherHref={otherHref?.(c.other) ?? null}
        />
      ) : (
        <div className="flex items-center gap-3 border-b border-line px-4 py-3">
          <Skeleton className="h-10 w-10 rounded-full" />
          <Skeleton className="h-5 w-40" />
        </div>
      )}
      {history.isPending || !c ? (
        <div className="flex-1 space-y-3 p-6" aria-busy="true">
          <Skeleton className="h-10 w-2/3" />
          <Skeleton className="ml-auto h-10 w-1/2" />
          <Skeleton className="h-16 w-3/5" />
        </div>
      ) : (
        <MessageList
          messages={messages}
          pending={pending}
          myId={myId}
          otherName={c.other.name}
          typing={typing}
          hasOlder={Boolean(hasNextPage)}
          loadingOlder={isFetchingNextPage}
          onLoadOlder={loadOlder}
          onRetry={(p) => retryMessage(queryClient, p)}
          onDiscard={discardMessage}
          bookingsHref={bookingsHref}
          bookingCard={bookingCard}
          detailsShared={c.detailsShared}
        />
      )}
      {c ? <Footer conversation={c} onSend={onSend} onTyping={onTyping} /> : null}
    </div>
  );
}

/** Block and unblock with their toasts, shared by the header menu and the footer. */
function useBlocking(c: Conversation, onBlocked?: () => void, onNeedsConfirm?: () => void) {
  const setBlocked = useSetBlocked(c.id);
  return {
    busy: setBlocked.isPending,
    /** With upcoming bookings the server asks first (409): the block dialog lists them and confirms. */
    block: (cancelBookings = false) =>
      setBlocked.mutate(
        { blocked: true, cancelBookings },
        {
          onSuccess: () => {
            onBlocked?.();
            toast.success(CHAT_MESSAGES.blocked(c.other.name));
          },
          onError: (e) => {
            if (e instanceof ApiError && e.code === 'upcoming-bookings' && onNeedsConfirm) onNeedsConfirm();
            else toast.error(e.message);
          },
        },
      ),
    unblock: () =>
      setBlocked.mutate(
        { blocked: false },
        {
          onSuccess: () => toast.success(CHAT_MESSAGES.unblocked(c.other.name)),
          onError: (e) => toast.error(e.message),
        },
      ),
  };
}

function Footer({
  conversation: c,
  onSend,
  onTyping,
}: {
  conversation: Conversation;
  onSend: (body: string) => void;
  onTyping: () => void;
}) {
  const blocking = useBlocking(c);
  if (c.blockedByMe) {
    return (
      <div className="flex flex-wrap items-center justify-center gap-3 border-t border-line px-4 py-4 text-sm">
        <span>{CHAT_MESSAGES.blockedByMe(c.other.name)}</span>
        <Button size="sm" variant="outline" disabled={blocking.busy} onClick={blocking.unblock}>
          Unblock
        </Button>
      </div>
    );
  }
  if (!c.canSend) {
    return (
      <p className="border-t border-line px-4 py-4 text-center text-sm text-muted">
        {CHAT_MESSAGES.cannotSend}
      </p>
    );
  }
  return (
    <Composer key={c.id} conversationId={c.id} otherName={c.other.name} onSend={onSend} onTyping={onTyping} />
  );
}

function Header({
  conversation: c,
  backTo,
  action,
  profileExtra,
  otherHref,
}: {
  conversation: Conversation;
  backTo: string;
  action?: ReactNode;
  profileExtra?: (other: Conversation['other']) => ReactNode;
  otherHref: string | null;
}) {
  const [profileOpen, setProfileOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const [blockOpen, setBlockOpen] = useState(false);
  const blocking = useBlocking(
    c,
    () => setBlockOpen(false),
    () => setBlockOpen(true),
  );
  const subline = [c.other.place, c.other.online ? 'Online now' : null].filter(Boolean).join(' · ');

  return (
    <header className="flex items-center gap-2 border-b border-line bg-ivory/95 px-2 py-2.5 sm:px-4">
      {/* On a phone the list, and its "Messages" heading, step aside: the conversation names the page. */}
      <h1 className="sr-only lg:hidden">Conversation with {c.other.name}</h1>
      <Link to={backTo} className={buttonClass('ghost', 'icon', 'lg:hidden')} aria-label="All conversations">
        <ArrowLeft className="h-5 w-5" aria-hidden />
      </Link>
      {/* The name is the button and its ::after covers the row, so the whole row opens the profile while
          the place and online line stay out of the button's name (its visible label is the name). */}
      <div className="relative flex min-w-0 flex-1 items-center gap-3 rounded-xl px-1 py-1 hover:bg-sand/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-deep">
        <PartyAvatar name={c.other.name} image={c.other.image} online={c.other.online} size="sm" />
        <span className="min-w-0">
          {otherHref ? (
            // A guide's name leads to the guide's page (docs/product.md#guide-page).
            <Link
              to={otherHref}
              className="block max-w-full truncate text-left font-display text-lg leading-tight outline-none after:absolute after:inset-0 after:rounded-xl"
            >
              {c.other.name}
            </Link>
          ) : (
            <button
              type="button"
              onClick={() => setProfileOpen(true)}
              className="block max-w-full truncate text-left font-display text-lg leading-tight outline-none after:absolute after:inset-0 after:rounded-xl"
              aria-label={`View ${c.other.name}'s profile`}
            >
              {c.other.name}
            </button>
          )}
          <span className="block truncate text-xs text-muted">{subline}</span>
        </span>
      </div>
      {action}
      <Menu
        label="Conversation options"
        icon={MoreVertical}
        items={[
          { label: 'View profile', icon: UserRound, onSelect: () => setProfileOpen(true) },
          { label: `Report ${c.other.name.split(' ')[0]}`, icon: Flag, onSelect: () => setReportOpen(true) },
          c.blockedByMe
            ? { label: 'Unblock', icon: Ban, onSelect: blocking.unblock }
            : { label: 'Block', icon: Ban, onSelect: () => setBlockOpen(true), danger: true },
        ]}
      />
      <PartyProfileDialog
        open={profileOpen}
        onOpenChange={setProfileOpen}
        other={c.other}
        extra={profileOpen ? profileExtra?.(c.other) : null}
      />
      <ReportDialog
        open={reportOpen}
        onOpenChange={setReportOpen}
        conversationId={c.id}
        name={c.other.name}
        blocked={c.blockedByMe}
        onBlock={() => blocking.block()}
      />
      <BlockDialog
        open={blockOpen}
        onOpenChange={setBlockOpen}
        name={c.other.name}
        otherId={c.other.id}
        onConfirm={(cancelBookings) => blocking.block(cancelBookings)}
        busy={blocking.busy}
      />
    </header>
  );
}
