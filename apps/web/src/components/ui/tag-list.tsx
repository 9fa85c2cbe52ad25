import { visibleTags } from '@lokal/shared/domain/tags';

/** The first `max` tags as chips and the rest as '+N' (docs/product.md#open-screens). */
export function TagList({
  tags,
  max = 3,
  label,
  className = '',
}: {
  tags: string[];
  max?: number;
  label: string;
  className?: string;
}) {
  const { shown, more } = visibleTags(tags, max);
  return (
    <ul className={`flex flex-wrap gap-1.5 ${className}`} aria-label={label}>
      {shown.map((t) => (
        <li key={t} className="rounded-full bg-sand px-2.5 py-1 text-xs text-ink">
          {t}
        </li>
      ))}
      {more ? (
        <li className="rounded-full border border-line px-2.5 py-1 text-xs text-muted">{more}</li>
      ) : null}
    </ul>
  );
}
