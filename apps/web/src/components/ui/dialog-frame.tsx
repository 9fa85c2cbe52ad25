import * as D from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useRef } from 'react';

export type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Hide the close button (the content offers its own way out). */
  hideClose?: boolean;
  className?: string;
};

// The dialog itself (loaded by dialog.tsx when one first opens): Radix handles focus trapping, Escape and the backdrop. Radix gives focus back
// only to its own Trigger, which our dialogs (opened by state) do not use: so the dialog remembers what had
// focus when it opened and returns focus there when it closes, if that element is still on the page.
export default function DialogFrame({
  open,
  onOpenChange,
  title,
  description,
  children,
  hideClose,
  className = '',
}: DialogProps) {
  const returnTo = useRef<HTMLElement | null>(null);
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay
          className="fixed inset-0 z-40 bg-ink/50 backdrop-blur-[2px]"
          data-testid="dialog-overlay"
        />
        <D.Content
          onOpenAutoFocus={() => {
            const el = document.activeElement;
            returnTo.current = el instanceof HTMLElement && el !== document.body ? el : null;
          }}
          onCloseAutoFocus={(e) => {
            const el = returnTo.current;
            returnTo.current = null;
            if (el?.isConnected) {
              e.preventDefault();
              el.focus({ preventScroll: true });
            }
          }}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card bg-ivory p-6 shadow-lift sm:p-8 ${className}`}
        >
          <D.Title className="pr-8 font-display text-2xl">{title}</D.Title>
          {description ? (
            <D.Description className="mt-2 text-muted">{description}</D.Description>
          ) : (
            <D.Description className="sr-only">{title}</D.Description>
          )}
          {children}
          {hideClose ? null : (
            <D.Close
              className="absolute top-4 right-4 rounded-full p-2 text-muted hover:bg-sand hover:text-ink"
              aria-label="Close"
            >
              <X className="h-5 w-5" aria-hidden />
            </D.Close>
          )}
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
