import { MESSAGE_MAX } from '@lokal/shared/constants/chat';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { onDemand } from '../../../lib/on-demand.ts';
import { storage } from '../../../lib/storage.ts';

const schemas = onDemand(() => import('@lokal/shared/schemas/chat'));

type Props = {
  conversationId: string;
  otherName: string;
  onSend: (body: string) => void;
  onTyping: () => void;
};

const draftKey = (id: string) => `chatDraft:${id}`;
// Typing signals at most this often; the other side shows the indicator for a few seconds.
const TYPING_EVERY_MS = 2500;

/** Enter sends, Shift+Enter breaks the line; the draft survives a reload. */
export function Composer({ conversationId, otherName, onSend, onTyping }: Props) {
  const [text, setText] = useState(() => storage.get(draftKey(conversationId)) ?? '');
  const [error, setError] = useState<string | null>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const lastTyping = useRef(0);

  useEffect(() => {
    if (text) storage.set(draftKey(conversationId), text);
    else storage.remove(draftKey(conversationId));
  }, [conversationId, text]);

  // Grow with the text up to about six lines (the text is the trigger, read through the element).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure whenever the text changes
  useLayoutEffect(() => {
    const el = area.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 160)}px`;
  }, [text]);

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    // The schema's code loads on demand; offline on a freshly loaded page it may not come, and a message
    // must still go to the outbox: then the same limits, checked here (the server checks them again).
    const { chatSendSchema } = await schemas().catch(() => ({ chatSendSchema: null }));
    const parsed = chatSendSchema
      ? chatSendSchema.shape.body.safeParse(text)
      : text.trim() && text.trim().length <= MESSAGE_MAX
        ? ({ success: true, data: text.trim() } as const)
        : ({ success: false, error: null } as const);
    if (!parsed.success) {
      // An empty box just does nothing; only a real problem is worth a message.
      if (text.trim())
        setError(parsed.error?.issues[0]?.message ?? `Messages are at most ${MESSAGE_MAX} characters`);
      return;
    }
    onSend(parsed.data);
    setText('');
    setError(null);
    area.current?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  }

  const left = MESSAGE_MAX - text.trim().length;
  return (
    <form
      onSubmit={submit}
      onFocus={() => void schemas().catch(() => undefined)}
      // Toasts and the development panel keep above it (styles.css, --bottom-chrome).
      data-composer
      className="border-t border-line bg-ivory px-3 py-3 sm:px-5"
    >
      <div className="flex items-end gap-2">
        <label className="min-w-0 flex-1">
          <span className="sr-only">Message {otherName}</span>
          <textarea
            ref={area}
            rows={1}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
              const now = Date.now();
              if (e.target.value.trim() && now - lastTyping.current > TYPING_EVERY_MS) {
                lastTyping.current = now;
                onTyping();
              }
            }}
            onKeyDown={onKeyDown}
            placeholder={`Message ${otherName.split(' ')[0]}…`}
            aria-invalid={error ? true : undefined}
            aria-describedby="composer-hint"
            className="block max-h-40 w-full resize-none rounded-2xl border border-line bg-white px-4 py-2.5 text-base leading-6 focus:border-gold-deep focus:outline-none focus-visible:ring-2 focus-visible:ring-gold/40"
          />
        </label>
        <button
          type="submit"
          aria-label="Send message"
          disabled={!text.trim()}
          className="grid h-11 w-11 shrink-0 place-items-center rounded-full bg-ink text-ivory transition-colors hover:bg-ink-soft disabled:opacity-40"
        >
          <SendHorizontal className="h-5 w-5" aria-hidden />
        </button>
      </div>
      <p id="composer-hint" className="mt-1 flex justify-between px-1 text-xs text-muted">
        <span className={error ? 'text-danger' : ''} role={error ? 'alert' : undefined}>
          {error ?? <span className="hidden sm:inline">Enter to send · Shift+Enter for a new line</span>}
        </span>
        {left < 200 ? <span className={left < 0 ? 'text-danger' : ''}>{left}</span> : null}
      </p>
    </form>
  );
}
