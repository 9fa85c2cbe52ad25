import * as D from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Hide the close button (the content offers its own way out). */
  hideClose?: boolean;
  className?: string;
};

// The one dialog of the app: Radix handles focus trapping, Escape and the backdrop.
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  hideClose,
  className = '',
}: DialogProps) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay
          className="fixed inset-0 z-40 bg-ink/50 backdrop-blur-[2px]"
          data-testid="dialog-overlay"
        />
        <D.Content
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
