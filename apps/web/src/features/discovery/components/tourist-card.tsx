import { convertBudget, formatMoney } from '@lokal/shared/domain/discovery';
import type { TouristCard as Tourist } from '@lokal/shared/schemas/discovery';
import { BadgeCheck, Crown, MessageCircle, Star } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { TagList } from '../../../components/ui/tag-list.tsx';

type Props = {
  tourist: Tourist;
  currency: { code: string; multiplier: number };
  onContact: (t: Tourist) => void;
  onOpen: (t: Tourist) => void;
  /** This guide's match with the traveller; the screen brings it from the match feature. */
  match?: ReactNode;
};

export function TouristCard({ tourist: t, currency, onContact, onOpen, match }: Props) {
  const budget = convertBudget(t.budget, currency.multiplier);
  const code = t.budget.currency === 'USD' && currency.multiplier !== 1 ? currency.code : t.budget.currency;
  return (
    <article className="flex flex-col rounded-card bg-white p-5 shadow-card" data-testid="tourist-card">
      <div className="flex items-start gap-4">
        <div className="relative">
          <img
            src={t.image}
            alt={t.name}
            width={64}
            height={64}
            className="h-16 w-16 rounded-full bg-sand object-cover"
          />
          {t.online ? (
            <span
              className="absolute right-0 bottom-0 h-4 w-4 rounded-full border-2 border-white bg-sage"
              title="Online"
            />
          ) : null}
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="flex items-center gap-1.5 text-lg">
            <button type="button" className="truncate text-left hover:underline" onClick={() => onOpen(t)}>
              {t.name}
            </button>
            {t.age ? <span className="text-muted">{t.age}</span> : null}
            {t.verified ? <BadgeCheck className="h-4 w-4 shrink-0 text-sage" aria-label="Verified" /> : null}
          </h2>
          <p className="text-sm text-muted">{t.country}</p>
          <p className="mt-1 inline-flex items-center gap-1 rounded-full bg-gold/15 px-2 py-0.5 text-xs font-semibold text-gold-deep">
            <Crown className="h-3.5 w-3.5" aria-hidden /> {t.status}
          </p>
        </div>
        <span className="inline-flex items-center gap-1 text-sm font-semibold">
          <Star className="h-4 w-4 fill-gold text-gold" aria-hidden />{' '}
          {t.reviews > 0 ? t.rating.toFixed(1) : 'New'}
          {t.reviews > 0 ? <span className="font-normal text-muted">({t.reviews})</span> : null}
        </span>
      </div>
      <p className="mt-4 text-sm">
        Budget{' '}
        <strong>
          {formatMoney(budget.min, code)}–{formatMoney(budget.max, code)}
        </strong>
      </p>
      <p className="mt-2 text-xs font-semibold tracking-wide text-muted uppercase">Looking for</p>
      <TagList tags={t.lookingFor} max={2} label="Looking for" className="mt-1" />
      <p className="mt-3 text-xs text-muted">Interests: {t.interests.join(', ')}</p>
      {match}
      <Button
        size="sm"
        className="mt-4 self-end"
        onClick={() => onContact(t)}
        aria-label={`Contact ${t.name}`}
      >
        <MessageCircle className="h-4 w-4" aria-hidden /> Contact
      </Button>
    </article>
  );
}
