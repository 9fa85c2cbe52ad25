import { paths } from '@lokal/shared/domain/pages';
import { Link } from 'react-router';

export function Brand({ light = false }: { light?: boolean }) {
  return (
    <Link
      to={paths.landing}
      className={`inline-flex items-center gap-2 font-display text-2xl tracking-tight ${light ? 'text-ivory' : 'text-ink'}`}
    >
      <span
        aria-hidden
        className="grid h-8 w-8 place-items-center rounded-lg bg-gold text-base font-bold text-ink"
      >
        L
      </span>
      Lokal
    </Link>
  );
}
