import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';

export type NavItem = {
  label: string;
  icon: LucideIcon;
  to?: string;
  onClick?: () => void;
  /** A count shown on the icon (unread messages); hidden at 0. */
  badge?: number;
};

function Badge({ count }: { count: number }) {
  return (
    <span
      data-testid="nav-badge"
      aria-hidden
      className="absolute -top-1.5 left-1/2 ml-1.5 min-w-[1.15rem] rounded-full bg-terracotta px-1 text-center text-[0.65rem] leading-[1.15rem] font-semibold text-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

// Written out so Tailwind sees each class.
const COLUMNS: Record<number, string> = { 4: 'grid-cols-4', 5: 'grid-cols-5' };

// The role's bottom bar: fixed on phones, a quiet footer bar on desktop.
export function BottomNav({ items, label }: { items: NavItem[]; label: string }) {
  return (
    <nav
      aria-label={label}
      className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-ivory/95 backdrop-blur"
    >
      <ul className={`mx-auto grid max-w-xl ${COLUMNS[items.length] ?? 'grid-cols-4'}`}>
        {items.map(({ label: text, icon: Icon, to, onClick, badge = 0 }) => (
          <li key={text}>
            {to ? (
              <NavLink
                to={to}
                className={({ isActive }) =>
                  `flex flex-col items-center gap-1 py-2.5 text-xs ${isActive ? 'font-semibold text-ink' : 'text-muted hover:text-ink'}`
                }
              >
                <span className="relative">
                  <Icon className="h-5 w-5" aria-hidden />
                  {badge > 0 ? <Badge count={badge} /> : null}
                </span>
                {text}
                {badge > 0 ? <span className="sr-only">, {badge} unread</span> : null}
              </NavLink>
            ) : (
              <button
                type="button"
                onClick={onClick}
                className="flex w-full flex-col items-center gap-1 py-2.5 text-xs text-muted hover:text-ink"
              >
                <Icon className="h-5 w-5" aria-hidden />
                {text}
              </button>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
