import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { dismissToast, pauseToasts, type ToastKind, toastStore } from '../../lib/toast.ts';

// Tinted like the rest of the app's notices; the text colours reach WCAG AA (4.5:1) on their tints.
const LOOK: Record<ToastKind, { box: string; icon: typeof Info }> = {
  success: { box: 'border-[#bffcd9] bg-[#ecfdf3] text-[hsl(140,100%,24%)]', icon: CircleCheck },
  error: { box: 'border-[#ffe0e1] bg-[#fff0f0] text-[hsl(360,100%,40%)]', icon: CircleAlert },
  info: { box: 'border-line bg-white text-ink', icon: Info },
};

/**
 * The stack of toasts. The list is a polite live region that exists from the start, so screen readers announce
 * what appears in it; an error is an alert. Hovering or focusing the stack pauses it. Placed where no screen
 * keeps a control (decision 029): on phones at the bottom, above the tab bar, the chat composer or a screen's
 * action bar (--bottom-chrome), clear of the headers and search boxes at the top; on wide screens bottom left,
 * over the chat's conversation list rather than its composer, above the development panel's button and any
 * sticky action bar (--wide-action-bar).
 */
export function Toaster() {
  const items = useSyncExternalStore(toastStore.subscribe, toastStore.snapshot, toastStore.snapshot);
  return (
    <section
      aria-label="Notifications"
      onMouseEnter={() => pauseToasts(true)}
      onMouseLeave={() => pauseToasts(false)}
      onFocus={() => pauseToasts(true)}
      onBlur={() => pauseToasts(false)}
      className="pointer-events-none fixed inset-x-0 bottom-[calc(var(--bottom-chrome)+0.75rem)] z-[60] flex justify-center px-4 lg:right-auto lg:bottom-[calc(var(--wide-action-bar,0px)+4rem)] lg:left-4 lg:px-0"
    >
      <div aria-live="polite" className="flex w-full max-w-sm flex-col gap-2 lg:w-[22rem]">
        {items.map(({ id, kind, message }) => {
          const { box, icon: Icon } = LOOK[kind];
          return (
            <div
              key={id}
              data-toast={kind}
              role={kind === 'error' ? 'alert' : 'status'}
              className={`pointer-events-auto flex items-start gap-3 rounded-xl border px-4 py-3 text-sm font-medium shadow-lift ${box}`}
            >
              <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span data-toast-message className="min-w-0 flex-1 break-words">
                {message}
              </span>
              <button
                type="button"
                onClick={() => dismissToast(id)}
                aria-label="Close notification"
                className="-my-1 -mr-2 rounded-full p-1 opacity-70 hover:opacity-100 focus-visible:opacity-100"
              >
                <X className="h-4 w-4" aria-hidden />
              </button>
            </div>
          );
        })}
      </div>
    </section>
  );
}
