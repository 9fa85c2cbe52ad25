import { matchesConversation } from '@lokal/shared/domain/chat';
import type { Conversation } from '@lokal/shared/schemas/chat';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowLeft, MessageCircle, SearchX } from 'lucide-react';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { LoadMore } from '../../../components/ui/load-more.tsx';
import { SearchField } from '../../../components/ui/search-field.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { conversationsQuery } from '../api/get-conversations.ts';
import { useUnreadTotal } from '../api/get-unread.ts';
import { allConversations } from '../message-cache.ts';
import { ConversationList } from './conversation-list.tsx';
import { ConversationView } from './conversation-view.tsx';

type Props = {
  myId: string;
  /** The open conversation (from the URL), if any. */
  conversationId: string | undefined;
  listPath: string;
  hrefFor: (id: string) => string;
  home: { label: string; to: string };
  empty: { lead: string; action: string };
  search: { label: string; placeholder: string };
  /** The guides' figures above the list. */
  showStats?: boolean;
  bookingsHref?: string;
  /** A booking's card in the history. */
  bookingCard?: (bookingId: string) => ReactNode;
  /** Where the other party's name in the header leads. */
  otherHref?: (other: Conversation['other']) => string | null;
  headerAction?: (conversation: Conversation) => ReactNode;
  profileExtra?: (other: Conversation['other']) => ReactNode;
};

/**
 * Messages for both roles: the list beside the open conversation on wide screens; one or the other on
 * phones, where the conversation takes the whole screen and the app's header and tab bar step aside.
 */
export function ChatScreen(props: Props) {
  const { conversationId } = props;
  const list = useInfiniteQuery(conversationsQuery);
  const [q, setQ] = useState('');
  const conversations = useMemo(() => allConversations(list.data), [list.data]);
  // The search looks through the conversations loaded so far; Load more at the end brings older ones in.
  const shown = conversations.filter((c) => matchesConversation(c, q));
  // Over every conversation, loaded or not (the tab bar's badge).
  const unread = useUnreadTotal();
  const online = conversations.filter((c) => c.other.online).length;
  // Only what is loaded is counted: "30+" while older conversations wait behind the cursor.
  const chats = `${conversations.length}${list.hasNextPage ? '+' : ''}`;
  const responseRate = list.data?.pages[0]?.responseRate ?? null;

  return (
    // Below the app's header (3.5 rem, 4 on wide screens) and above the phone's tab bar; an open
    // conversation has the phone's whole screen to itself.
    <div
      className={`flex flex-col lg:h-[calc(100dvh-4rem)] ${conversationId ? 'h-dvh' : 'h-[calc(100dvh-3.5rem)] pb-16 lg:pb-0'}`}
    >
      <main className="mx-auto flex min-h-0 w-full max-w-6xl flex-1 lg:px-5 lg:pt-5 lg:pb-3">
        <section
          aria-label="Conversations"
          className={`min-h-0 w-full flex-col border-line bg-white lg:flex lg:w-[24rem] lg:shrink-0 lg:rounded-l-card lg:border ${conversationId ? 'hidden' : 'flex'}`}
        >
          <div className="border-b border-line px-4 pt-4 pb-3">
            <div className="flex items-center gap-2">
              <Link
                to={props.home.to}
                className={buttonClass('ghost', 'icon', '-ml-2')}
                aria-label={props.home.label}
              >
                <ArrowLeft className="h-5 w-5" aria-hidden />
              </Link>
              <h1 className="text-3xl">Messages</h1>
            </div>
            <p className="mt-1 text-sm text-muted" data-testid="chat-counts">
              {list.data
                ? `${chats} ${chats === '1' ? 'conversation' : 'conversations'} · ${unread} unread`
                : '\u00a0'}
            </p>
            {props.showStats && list.data ? (
              <dl className="mt-3 grid grid-cols-4 gap-2 text-center" aria-label="Your messaging figures">
                {[
                  ['Chats', chats],
                  ['Unread', String(unread)],
                  ['Online', String(online)],
                  ['Replied', responseRate == null ? '—' : `${responseRate}%`],
                ].map(([label, value]) => (
                  <div key={label} className="rounded-xl bg-sand/60 px-1 py-2">
                    <dt className="text-[0.7rem] text-muted">{label}</dt>
                    <dd className="font-display text-lg leading-tight">{value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
            {conversations.length > 0 ? (
              <SearchField
                label={props.search.label}
                value={q}
                onChange={setQ}
                placeholder={props.search.placeholder}
                className="mt-3"
              />
            ) : null}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {list.isPending ? (
              <div className="space-y-1 p-4" aria-busy="true">
                {[0, 1, 2, 3].map((i) => (
                  <Skeleton key={i} className="h-16" />
                ))}
              </div>
            ) : null}
            {list.isError ? (
              <div className="p-6 text-center">
                <p className="text-danger" role="alert">
                  {list.error.message}
                </p>
                <Button variant="outline" className="mt-3" onClick={() => list.refetch()}>
                  Retry
                </Button>
              </div>
            ) : null}
            {list.data && conversations.length === 0 ? (
              <div className="px-6 py-12 text-center">
                <MessageCircle className="mx-auto h-10 w-10 text-gold-deep" aria-hidden />
                <h2 className="mt-3 text-2xl">No conversations yet</h2>
                <p className="mt-2 text-muted">{props.empty.lead}</p>
                <Link to={props.home.to} className={buttonClass('primary', 'md', 'mt-5')}>
                  {props.empty.action}
                </Link>
              </div>
            ) : null}
            {list.data && conversations.length > 0 && shown.length === 0 ? (
              <div className="px-6 py-10 text-center text-muted">
                <SearchX className="mx-auto h-8 w-8" aria-hidden />
                <p className="mt-2">No conversation matches “{q.trim()}”.</p>
                <Button variant="outline" size="sm" className="mt-3" onClick={() => setQ('')}>
                  Clear search
                </Button>
              </div>
            ) : null}
            {shown.length > 0 ? (
              <ConversationList
                conversations={shown}
                activeId={conversationId}
                myId={props.myId}
                hrefFor={props.hrefFor}
              />
            ) : null}
            {conversations.length > 0 ? (
              <LoadMore
                pages={list}
                label="Load more conversations"
                className="flex min-h-16 items-center justify-center px-4 py-3"
              />
            ) : null}
          </div>
        </section>
        <section
          aria-label="Conversation"
          className={`min-h-0 flex-1 flex-col overflow-hidden border-line lg:flex lg:rounded-r-card lg:border lg:border-l-0 ${conversationId ? 'flex' : 'hidden'}`}
        >
          {conversationId ? (
            <ConversationView
              key={conversationId}
              conversationId={conversationId}
              myId={props.myId}
              backTo={props.listPath}
              bookingsHref={props.bookingsHref}
              bookingCard={props.bookingCard}
              otherHref={props.otherHref}
              headerAction={props.headerAction}
              profileExtra={props.profileExtra}
            />
          ) : (
            <div className="flex flex-1 flex-col items-center justify-center gap-2 p-8 text-center text-muted">
              <MessageCircle className="h-10 w-10 text-gold-deep" aria-hidden />
              <p>{conversations.length ? 'Choose a conversation to read it here.' : props.empty.lead}</p>
            </div>
          )}
        </section>
      </main>
    </div>
  );
}
