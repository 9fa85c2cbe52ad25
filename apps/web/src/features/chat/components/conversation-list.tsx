import { listTimestamp } from '@lokal/shared/domain/chat';
import { formatMoney } from '@lokal/shared/domain/discovery';
import type { Conversation } from '@lokal/shared/schemas/chat';
import { Ban, CalendarCheck, Crown, Star } from 'lucide-react';
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

/** "Booked · Sat 28 Nov": where the pair stands, the date read in the tour city's time. */
function bookingLabel(b: NonNullable<Conversation['booking']>): string {
  if (b.state === 'completed') return 'Completed';
  const day = new Date(b.startAt).toLocaleDateString('en-GB', {
    timeZone: b.timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  return b.state === 'booked' ? `Booked · ${day}` : `Requested · ${day}`;
}

const BOOKING_TONE: Record<NonNullable<Conversation['booking']>['state'], string> = {
  requested: 'bg-gold/15 text-gold-deep',
  booked: 'bg-sage/15 text-sage',
  completed: 'bg-sand text-ink',
};

function BookingLine({ c }: { c: Conversation }) {
  if (!c.booking && !c.earnings) return null;
  return (
    <span className="mt-1 flex flex-wrap items-center gap-1.5 text-xs" data-testid="conversation-booking">
      {c.booking ? (
        <span
          className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-medium ${BOOKING_TONE[c.booking.state]}`}
        >
          <CalendarCheck className="h-3 w-3" aria-hidden />
          {bookingLabel(c.booking)}
        </span>
      ) : null}
      {c.earnings ? (
        <span className="inline-flex items-center gap-1 rounded-full bg-ink/5 px-2 py-0.5 font-medium text-ink">
          Earned {formatMoney(c.earnings.amount, c.earnings.currency)}
        </span>
      ) : null}
    </span>
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
                <BookingLine c={c} />
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
