import type { LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';

export type NavItem = { label: string; icon: LucideIcon; to?: string; onClick?: () => void };

// The role's bottom bar: fixed on phones, a quiet footer bar on desktop.
export function BottomNav({ items, label }: { items: NavItem[]; label: string }) {
  return (
    <nav
      aria-label={label}
      className="fixed inset-x-0 bottom-0 z-20 border-t border-line bg-ivory/95 backdrop-blur"
    >
      <ul className="mx-auto grid max-w-xl grid-cols-4">
        {items.map(({ label: text, icon: Icon, to, onClick }) => (
          <li key={text}>
            {to ? (
              <NavLink
                to={to}
                end
                className={({ isActive }) =>
                  `flex flex-col items-center gap-1 py-2.5 text-xs ${isActive ? 'font-semibold text-ink' : 'text-muted hover:text-ink'}`
                }
              >
                <Icon className="h-5 w-5" aria-hidden />
                {text}
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
