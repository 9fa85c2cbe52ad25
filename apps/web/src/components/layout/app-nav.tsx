import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import { useT } from '../../lib/use-t.ts';

export type NavItem = {
  label: string;
  icon: LucideIcon;
  to: string;
  /** A count shown on the icon (unread messages); hidden at 0. */
  badge?: number;
  /** Left out of the phone's bottom bar (it stays one tap away on its screen). */
  wideOnly?: boolean;
};

function Badge({ count, className }: { count: number; className: string }) {
  return (
    <span
      data-testid="nav-badge"
      aria-hidden
      className={`absolute min-w-[1.15rem] rounded-full bg-terracotta px-1 text-center text-[0.65rem] leading-[1.15rem] font-semibold text-white ${className}`}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

// Written out so Tailwind sees each class.
const COLUMNS: Record<number, string> = { 4: 'grid-cols-4', 5: 'grid-cols-5', 6: 'grid-cols-6' };

/** How a link looks in the header row and in the bottom bar; Tailwind sees each class written out. */
const LOOK = {
  top: {
    link: 'relative flex items-center gap-2 rounded-full px-3.5 py-2 text-sm',
    active: 'bg-ink font-semibold text-ivory',
    pending: 'bg-sand text-ink',
    idle: 'text-muted hover:bg-sand/70 hover:text-ink',
    icon: 'h-4 w-4',
    badge: '-top-2.5 left-2',
  },
  bottom: {
    link: 'flex flex-col items-center gap-1 py-2.5 text-xs',
    active: 'font-semibold text-ink',
    pending: 'bg-sand/80 text-ink',
    idle: 'text-muted hover:text-ink',
    icon: 'h-5 w-5',
    badge: '-top-1.5 left-1/2 ml-1.5',
  },
} as const;

function NavEntry({ item, placement }: { item: NavItem; placement: 'top' | 'bottom' }) {
  const t = useT();
  const look = LOOK[placement];
  const { label: text, icon: Icon, to, badge = 0 } = item;
  return (
    <li>
      <NavLink
        to={to}
        className={({ isActive, isPending }) =>
          `${look.link} transition-colors ${isActive ? look.active : isPending ? look.pending : look.idle}`
        }
      >
        {({ isPending }) => (
          <>
            <span className="relative">
              <Icon className={`${look.icon} ${isPending ? 'animate-pulse' : ''}`} aria-hidden />
              {badge > 0 ? <Badge count={badge} className={look.badge} /> : null}
            </span>
            {text}
            {badge > 0 ? <span className="sr-only">, {t('nav.unread', { count: badge })}</span> : null}
          </>
        )}
      </NavLink>
    </li>
  );
}

/**
 * The role's navigation (docs/product.md#navigation): a row of links in the header on wide screens, the
 * bottom tab bar on phones. The same items and the same name, so a screen reader finds one "Tourist" or
 * "Guide" navigation at any width (the other one is not displayed). A tapped tab shows its pending state at
 * once while the next screen's code loads.
 */
export function AppNav({
  items,
  label,
  placement,
}: {
  items: NavItem[];
  label: string;
  placement: 'top' | 'bottom';
}) {
  if (placement === 'top') {
    return (
      <nav aria-label={label} className="hidden lg:block">
        <ul className="flex items-center gap-1">
          {items.map((item) => (
            <NavEntry key={item.label} item={item} placement="top" />
          ))}
        </ul>
      </nav>
    );
  }
  const shown = items.filter((i) => !i.wideOnly);
  return (
    <nav
      aria-label={label}
      data-bottom-bar
      className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-ivory/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul className={`mx-auto grid max-w-xl ${COLUMNS[shown.length] ?? 'grid-cols-5'}`}>
        {shown.map((item) => (
          <NavEntry key={item.label} item={item} placement="bottom" />
        ))}
      </ul>
    </nav>
  );
}
