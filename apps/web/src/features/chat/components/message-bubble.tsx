import { CHAT_MESSAGES } from '@lokal/shared/constants/chat';
import { NETWORK_MESSAGES } from '@lokal/shared/constants/network';
import { AlertCircle, Check, CheckCheck, Clock, WifiOff } from 'lucide-react';

export type BubbleItem = {
  key: string;
  body: string;
  createdAt: string;
  mine: boolean;
  /** `waiting`: typed offline, sent by itself when the connection returns. */
  state: 'sending' | 'waiting' | 'failed' | 'sent' | 'read';
  error?: string;
};

const time = (at: string) =>
  new Date(at).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

function Ticks({ state }: { state: BubbleItem['state'] }) {
  if (state === 'sending') return <Clock className="h-3.5 w-3.5" aria-label="Sending" />;
  if (state === 'waiting') return <Clock className="h-3.5 w-3.5" aria-label={NETWORK_MESSAGES.pending} />;
  if (state === 'read') return <CheckCheck className="h-3.5 w-3.5 text-gold" aria-label="Read" />;
  if (state === 'sent') return <Check className="h-3.5 w-3.5" aria-label="Sent" />;
  return null;
}

/** One message. The body is text (React escapes it), never HTML; line breaks are kept. */
export function MessageBubble({
  item,
  onRetry,
  onDiscard,
}: {
  item: BubbleItem;
  onRetry?: () => void;
  onDiscard?: () => void;
}) {
  return (
    <div className={`flex ${item.mine ? 'justify-end' : 'justify-start'}`} data-testid="message">
      <div className="max-w-[82%] sm:max-w-[70%]">
        <div
          className={`rounded-2xl px-3.5 py-2 shadow-card ${
            item.mine ? 'rounded-br-md bg-ink text-ivory' : 'rounded-bl-md bg-white text-ink'
          } ${item.state === 'failed' ? 'opacity-70' : ''}`}
        >
          <p className="break-words whitespace-pre-wrap">{item.body}</p>
          <p
            className={`mt-0.5 flex items-center justify-end gap-1 text-[0.7rem] ${item.mine ? 'text-ivory/70' : 'text-muted'}`}
          >
            <time dateTime={item.createdAt}>{time(item.createdAt)}</time>
            {item.mine ? <Ticks state={item.state} /> : null}
          </p>
        </div>
        {item.state === 'waiting' ? (
          <p className="mt-1 flex items-center justify-end gap-1.5 text-xs text-muted">
            <WifiOff className="h-3.5 w-3.5" aria-hidden />
            {NETWORK_MESSAGES.pending}
          </p>
        ) : null}
        {item.state === 'failed' ? (
          <p
            className="mt-1 flex flex-wrap items-center justify-end gap-x-2 text-xs text-danger"
            role="alert"
          >
            <AlertCircle className="h-3.5 w-3.5" aria-hidden />
            <span>{item.error ?? CHAT_MESSAGES.sendFailed}</span>
            <button type="button" className="font-semibold underline" onClick={onRetry}>
              Retry
            </button>
            <button type="button" className="text-muted underline" onClick={onDiscard}>
              Delete
            </button>
          </p>
        ) : null}
      </div>
    </div>
  );
}
