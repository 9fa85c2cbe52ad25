import { CHAT_MESSAGES } from '@lokal/shared/constants/chat';
import { dayLabel } from '@lokal/shared/domain/chat';
import type { ChatMessage } from '@lokal/shared/schemas/chat';
import { ArrowDown, CalendarCheck, ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { PendingMessage } from '../outbox-store.ts';
import { type BubbleItem, MessageBubble } from './message-bubble.tsx';

type Props = {
  messages: ChatMessage[];
  pending: PendingMessage[];
  myId: string;
  otherName: string;
  typing: boolean;
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (p: PendingMessage) => void;
  onDiscard: (p: PendingMessage) => void;
  /** The pair has a booking: contact details are no longer hidden, so no notice. */
  detailsShared: boolean;
  /** Where booking notes in the history link to. */
  bookingsHref?: string;
  /** The booking's card, shown under the latest note of each booking (the screen brings it). */
  bookingCard?: (bookingId: string) => ReactNode;
};

// Within this distance of the bottom the view follows new messages.
const STICK_PX = 120;

function toItems(messages: ChatMessage[], pending: PendingMessage[], myId: string) {
  const stored: (BubbleItem & { source?: PendingMessage; system?: boolean; bookingId?: string | null })[] =
    messages.map((m) => ({
      key: String(m.id),
      body: m.body,
      createdAt: m.createdAt,
      mine: m.senderId === myId,
      state: m.readAt ? 'read' : 'sent',
      system: m.kind === 'system',
      bookingId: m.bookingId,
    }));
  const storedIds = new Set(messages.map((m) => m.clientId));
  const waiting = pending
    .filter((p) => !storedIds.has(p.clientId))
    .map((p) => ({
      key: p.clientId,
      body: p.body,
      createdAt: p.createdAt,
      mine: true,
      state: p.status,
      error: p.error,
      source: p,
    }));
  return [...stored, ...waiting];
}

function TypingDots({ name }: { name: string }) {
  return (
    <div className="flex items-center gap-2 px-1 text-sm text-muted" data-testid="typing">
      <span
        className="inline-flex gap-1 rounded-2xl rounded-bl-md bg-white px-3 py-2.5 shadow-card"
        aria-hidden
      >
        {[0, 150, 300].map((d) => (
          <span
            key={d}
            className="h-1.5 w-1.5 animate-bounce rounded-full bg-muted"
            style={{ animationDelay: `${d}ms` }}
          />
        ))}
      </span>
      {name} is typing…
    </div>
  );
}

/** The history: day separators, bubbles, older pages on scrolling up, and a jump to the newest. */
export function MessageList(props: Props) {
  const { messages, pending, myId, typing, hasOlder, loadingOlder, onLoadOlder } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const items = toItems(messages, pending, myId);
  const firstKey = items[0]?.key;
  const lastKey = items.at(-1)?.key;
  const lastMine = items.at(-1)?.mine ?? false;
  const [unseen, setUnseen] = useState(0);
  const nearBottom = useRef(true);
  const prevFirst = useRef<string | undefined>(undefined);
  const prevLast = useRef<string | undefined>(undefined);
  const prevHeight = useRef(0);

  const toBottom = (smooth = false) => {
    const el = scroller.current;
    if (el) el.scrollTo({ top: el.scrollHeight, behavior: smooth ? 'smooth' : 'auto' });
    setUnseen(0);
  };

  // Keep the reading position when older messages arrive above; follow new ones below.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const first = prevFirst.current;
    const last = prevLast.current;
    if (last === undefined && lastKey !== undefined) {
      el.scrollTop = el.scrollHeight;
    } else if (firstKey !== first && lastKey === last) {
      el.scrollTop += el.scrollHeight - prevHeight.current;
    } else if (lastKey !== last) {
      if (nearBottom.current || lastMine) el.scrollTop = el.scrollHeight;
      else setUnseen((n) => n + 1);
    }
    prevFirst.current = firstKey;
    prevLast.current = lastKey;
    prevHeight.current = el.scrollHeight;
  }, [firstKey, lastKey, lastMine]);

  // The typing row appears at the bottom: keep it in view when the reader is there.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (el && typing && nearBottom.current) el.scrollTop = el.scrollHeight;
  }, [typing]);

  useEffect(() => {
    const el = top.current;
    const root = scroller.current;
    if (!el || !root || !hasOlder) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries[0]?.isIntersecting && !loadingOlder) onLoadOlder();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [hasOlder, loadingOlder, onLoadOlder]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
    if (nearBottom.current && unseen) setUnseen(0);
  };

  let lastDay = '';
  const rows: ReactNode[] = [];
  // Each booking's card goes under its latest note only.
  const cardAt = new Map<string, string>();
  for (const item of items) {
    if ('bookingId' in item && item.system && item.bookingId) cardAt.set(item.bookingId, item.key);
  }
  for (const item of items) {
    const day = dayLabel(item.createdAt);
    if (day !== lastDay) {
      lastDay = day;
      rows.push(
        <li key={`day-${item.key}`} className="my-3 flex justify-center">
          <span className="rounded-full bg-sand px-3 py-1 text-xs font-medium text-muted">{day}</span>
        </li>,
      );
    }
    if ('system' in item && item.system) {
      rows.push(
        <li key={item.key} className="my-3 flex justify-center" data-testid="system-message">
          <p className="flex max-w-md items-start gap-2 rounded-2xl border border-gold/40 bg-gold/10 px-4 py-2.5 text-sm">
            <CalendarCheck className="mt-0.5 h-4 w-4 shrink-0 text-gold-deep" aria-hidden />
            <span>
              {item.body}{' '}
              {props.bookingsHref ? (
                <Link
                  to={props.bookingsHref}
                  className="font-semibold whitespace-nowrap underline underline-offset-2"
                >
                  View bookings
                </Link>
              ) : null}
            </span>
          </p>
        </li>,
      );
      const bookingId = 'bookingId' in item ? item.bookingId : null;
      if (bookingId && props.bookingCard && cardAt.get(bookingId) === item.key) {
        rows.push(
          <li key={`booking-${item.key}`} className="mb-3 flex justify-center">
            {props.bookingCard(bookingId)}
          </li>,
        );
      }
      continue;
    }
    const p = 'source' in item ? item.source : undefined;
    rows.push(
      <li key={item.key} className="mt-1.5">
        <MessageBubble
          item={item}
          onRetry={p ? () => props.onRetry(p) : undefined}
          onDiscard={p ? () => props.onDiscard(p) : undefined}
        />
      </li>,
    );
  }

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scroller}
        onScroll={onScroll}
        data-testid="message-scroller"
        className="h-full overflow-y-auto px-4 py-3 sm:px-6"
      >
        <div ref={top} />
        {loadingOlder ? (
          <div className="flex justify-center py-2">
            <Spinner label="Loading earlier messages" className="text-sm" />
          </div>
        ) : null}
        {!hasOlder && !props.detailsShared ? (
          <p className="mx-auto my-3 flex max-w-sm items-start gap-2 rounded-xl bg-white/70 px-3 py-2 text-xs text-muted">
            <ShieldCheck className="h-4 w-4 shrink-0 text-sage" aria-hidden />
            {CHAT_MESSAGES.masked}
          </p>
        ) : null}
        {items.length === 0 ? (
          <p className="mx-auto mt-10 max-w-xs text-center text-muted">
            {CHAT_MESSAGES.emptyConversation(props.otherName)}
          </p>
        ) : null}
        {/* The live region wraps the list: a role on the <ol> itself would take its list semantics away. */}
        <div role="log" aria-live="polite" aria-label={`Messages with ${props.otherName}`}>
          <ol>{rows}</ol>
        </div>
        {typing ? <TypingDots name={props.otherName.split(' ')[0] ?? props.otherName} /> : null}
      </div>
      {unseen > 0 ? (
        <button
          type="button"
          onClick={() => toBottom(true)}
          className="absolute bottom-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1.5 rounded-full bg-ink px-4 py-2 text-sm text-ivory shadow-lift"
        >
          <ArrowDown className="h-4 w-4" aria-hidden /> {unseen} new {unseen === 1 ? 'message' : 'messages'}
        </button>
      ) : null}
    </div>
  );
}
