import { policyInWords, policyLabel } from '@lokal/shared/domain/cancellation';
import { Check, Clock, Languages, MapPin, Users, X, Zap } from 'lucide-react';
import type { ExperienceDraft } from '../experience-draft.ts';
import { formatDuration, groupSize, paragraphs, priceLine } from '../format.ts';
import { PhotoPlaceholder } from './photo-placeholder.tsx';

type Props = { draft: ExperienceDraft; photo: string | null };

/** Lines with a key each: the text, numbered when it repeats. */
function keyed(lines: string[]): { key: string; text: string }[] {
  const seen = new Map<string, number>();
  return lines.map((text) => {
    const n = (seen.get(text) ?? 0) + 1;
    seen.set(text, n);
    return { key: `${n}:${text}`, text };
  });
}

const whole = (typed: string, fallback: number) => {
  const n = Number(typed);
  return typed.trim() !== '' && Number.isInteger(n) && n > 0 ? n : fallback;
};

/** The experience as a traveller would see it, redrawn as the guide types (docs/product.md#experiences). */
export function ExperiencePreview({ draft: d, photo }: Props) {
  const price = Number(d.price);
  const min = whole(d.minGroup, 1);
  const max = Math.max(min, whole(d.maxGroup, min));
  const included = d.included.map((x) => x.trim()).filter(Boolean);
  const notIncluded = d.notIncluded.map((x) => x.trim()).filter(Boolean);
  return (
    <article
      className="overflow-hidden rounded-card bg-white shadow-card"
      aria-label="Preview: what travellers see"
      data-testid="experience-preview"
    >
      {photo ? (
        <img src={photo} alt="" className="aspect-[4/3] w-full bg-sand object-cover" />
      ) : (
        <PhotoPlaceholder className="aspect-[4/3] w-full" />
      )}
      <div className="p-5">
        <p className="text-xs font-medium tracking-wide text-gold-deep uppercase">
          {d.category || 'Category'}
        </p>
        <h3 className="mt-1 text-2xl leading-tight break-words">{d.title.trim() || 'Your title'}</h3>
        {d.summary.trim() ? <p className="mt-2 text-muted break-words">{d.summary.trim()}</p> : null}
        <p className="mt-3 font-display text-xl" data-testid="preview-price">
          {priceLine(Number.isFinite(price) ? price : 0, d.currency, d.priceMode)}
        </p>
        <ul className="mt-3 space-y-1.5 text-sm">
          <li className="flex items-center gap-2">
            <Clock className="h-4 w-4 text-muted" aria-hidden />
            {formatDuration(d.durationMinutes)}
          </li>
          <li className="flex items-center gap-2">
            <Users className="h-4 w-4 text-muted" aria-hidden />
            {groupSize(min, max)}
          </li>
          <li className="flex items-center gap-2">
            <Languages className="h-4 w-4 text-muted" aria-hidden />
            {d.languages.length ? d.languages.join(', ') : 'Languages not chosen yet'}
          </li>
          {d.address.trim() ? (
            <li className="flex items-start gap-2">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden />
              <span className="break-words">
                {/^to be agreed/i.test(d.address.trim()) ? d.address.trim() : `Meet at ${d.address.trim()}`}
              </span>
            </li>
          ) : null}
          {d.bookingMode === 'instant' ? (
            <li className="flex items-center gap-2">
              <Zap className="h-4 w-4 text-gold-deep" aria-hidden />
              Instant booking for verified travellers
            </li>
          ) : null}
        </ul>
        {paragraphs(d.description).length ? (
          <div className="mt-4 space-y-2 text-sm break-words">
            {keyed(paragraphs(d.description)).map(({ key, text: p }) => (
              <p key={key} className="whitespace-pre-line">
                {p}
              </p>
            ))}
          </div>
        ) : null}
        {included.length || notIncluded.length ? (
          <div className="mt-4 grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-1">
            {included.length ? (
              <div>
                <h4 className="font-medium">Included</h4>
                <ul className="mt-1 space-y-1">
                  {keyed(included).map(({ key, text: x }) => (
                    <li key={key} className="flex items-start gap-1.5 break-words">
                      <Check className="mt-0.5 h-4 w-4 shrink-0 text-sage" aria-hidden />
                      {x}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {notIncluded.length ? (
              <div>
                <h4 className="font-medium">Not included</h4>
                <ul className="mt-1 space-y-1">
                  {keyed(notIncluded).map(({ key, text: x }) => (
                    <li key={key} className="flex items-start gap-1.5 break-words">
                      <X className="mt-0.5 h-4 w-4 shrink-0 text-muted" aria-hidden />
                      {x}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        ) : null}
        <div className="mt-4 rounded-xl bg-sand/60 p-3 text-sm">
          <p className="font-medium">{policyLabel(d.cancellationPolicy)} cancellation</p>
          <p className="mt-0.5 text-muted">{policyInWords(d.cancellationPolicy)}</p>
        </div>
      </div>
    </article>
  );
}
