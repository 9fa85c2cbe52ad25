import { listTimestamp } from '@lokal/shared/domain/chat';
import { formatMoney } from '@lokal/shared/domain/discovery';
import type { Conversation } from '@lokal/shared/schemas/chat';
import { Ban, Crown, Star } from 'lucide-react';
import { Link } from 'react-router';
import { PartyAvatar } from './party-avatar.tsx';

type Props = {
  conversations: Conversation[];
  activeId: string | undefined;
  myId: string;
  hrefFor: (id: string) => string;
};

function Preview({ c, myId }: { c: Conversation; myId: string }) {
  if (!c.lastMessage) return <span className="italic">No messages yet</span>;
  const mine = c.lastMessage.senderId === myId;
  return (
    <>
      {mine ? <span className="text-muted">You: </span> : null}
      {c.lastMessage.body}
    </>
  );
}

/** The conversation rows: photo and online marker, who and where, the last message, when, unread. */
export function ConversationList({ conversations, activeId, myId, hrefFor }: Props) {
  return (
    <ul className="divide-y divide-line" aria-label="Conversations">
      {conversations.map((c) => {
        const active = c.id === activeId;
        const unread = c.unread > 0;
        return (
          <li key={c.id}>
            <Link
              to={hrefFor(c.id)}
              aria-current={active ? 'page' : undefined}
              data-testid="conversation-row"
              className={`flex items-center gap-3 px-4 py-3.5 transition-colors ${active ? 'bg-sand' : 'hover:bg-sand/60'}`}
            >
              <PartyAvatar name={c.other.name} image={c.other.image} online={c.other.online} />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline gap-2">
                  <span className={`truncate ${unread ? 'font-semibold' : 'font-medium'}`}>
                    {c.other.name}
                  </span>
                  <time className="ml-auto shrink-0 text-xs text-muted" dateTime={c.timestamp}>
                    {listTimestamp(c.timestamp)}
                  </time>
                </span>
                <span className="flex items-center gap-2 text-xs text-muted">
                  {c.other.place ? <span className="truncate">{c.other.place}</span> : null}
                  {c.other.rating > 0 ? (
                    <span className="inline-flex shrink-0 items-center gap-0.5">
                      <Star className="h-3 w-3 fill-gold text-gold" aria-hidden />
                      {c.other.rating.toFixed(1)}
                    </span>
                  ) : null}
                  {c.other.status ? (
                    <span className="inline-flex min-w-0 items-center gap-0.5 truncate text-gold-deep">
                      <Crown className="h-3 w-3 shrink-0" aria-hidden />
                      {c.other.status}
                    </span>
                  ) : null}
                  {c.other.budget ? (
                    <span className="hidden shrink-0 sm:inline lg:hidden">
                      {formatMoney(c.other.budget.min, c.other.budget.currency)}–
                      {formatMoney(c.other.budget.max, c.other.budget.currency)}
                    </span>
                  ) : null}
                </span>
                <span className="mt-0.5 flex items-center gap-2">
                  <span className={`truncate text-sm ${unread ? 'text-ink' : 'text-muted'}`}>
                    {c.blockedByMe ? (
                      <span className="inline-flex items-center gap-1">
                        <Ban className="h-3.5 w-3.5" aria-hidden /> Blocked
                      </span>
                    ) : (
                      <Preview c={c} myId={myId} />
                    )}
                  </span>
                  {unread ? (
                    <span className="ml-auto shrink-0 rounded-full bg-terracotta px-2 py-0.5 text-xs font-semibold text-white">
                      {c.unread}
                      <span className="sr-only"> unread</span>
                    </span>
                  ) : null}
                </span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
