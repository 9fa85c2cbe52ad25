import { SUPPORT_EMAIL } from '@lokal/shared/constants/marketing';
import { LifeBuoy } from 'lucide-react';

/** Contact Support opens the mail app (docs/product.md#settings). */
export function SupportLink() {
  return (
    <a
      href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('Lokal support')}`}
      className="flex items-center gap-3 rounded-xl border border-line p-4 hover:bg-sand/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-deep"
    >
      <LifeBuoy className="h-5 w-5 shrink-0 text-gold-deep" aria-hidden />
      <span>
        <span className="block font-medium">Contact Support</span>
        <span className="block text-sm text-muted">{SUPPORT_EMAIL}</span>
      </span>
    </a>
  );
}
