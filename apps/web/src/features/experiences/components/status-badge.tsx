import { EXPERIENCE_STATUS_LABELS, type ExperienceStatus } from '@lokal/shared/constants/experiences';

const STYLES: Record<ExperienceStatus, string> = {
  // Solid tints: the badge sits on photos too, where a see-through one would lose its contrast.
  draft: 'bg-sand text-muted',
  published: 'bg-[#e3eee8] text-sage',
  paused: 'bg-[#f6ead3] text-gold-deep',
};

/** Draft, Published or Paused (docs/product.md#experiences). */
export function StatusBadge({ status, className = '' }: { status: ExperienceStatus; className?: string }) {
  return (
    <span
      className={`inline-flex shrink-0 rounded-full px-2.5 py-1 text-xs font-semibold ${STYLES[status]} ${className}`}
      data-testid="experience-status"
    >
      {EXPERIENCE_STATUS_LABELS[status]}
    </span>
  );
}
