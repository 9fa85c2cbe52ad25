import type { LucideIcon } from 'lucide-react';
import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export type Tab = { id: string; label: string; icon?: LucideIcon; badge?: number; badgeLabel?: string };

type Props = {
  label: string;
  tabs: Tab[];
  selected: string;
  onSelect: (id: string) => void;
  children: ReactNode;
  /** Classes of the tab list (its frame and layout). */
  listClassName?: string;
  panelClassName?: string;
};

/**
 * The one tab list of the app (WAI-ARIA tabs): arrow keys, Home and End move between tabs and select them;
 * Tab goes on into the open panel.
 */
export function Tabs({
  label,
  tabs,
  selected,
  onSelect,
  children,
  listClassName = '',
  panelClassName = '',
}: Props) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(e: KeyboardEvent, index: number) {
    const last = tabs.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const next = moves[e.key];
    if (next === undefined) return;
    e.preventDefault();
    onSelect(tabs[next]!.id);
    refs.current[next]?.focus();
  }

  return (
    <>
      <div role="tablist" aria-label={label} className={listClassName}>
        {tabs.map((t, i) => {
          const active = t.id === selected;
          return (
            <button
              key={t.id}
              ref={(el) => {
                refs.current[i] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={active}
              aria-controls={`panel-${t.id}`}
              tabIndex={active ? 0 : -1}
              onClick={() => onSelect(t.id)}
              onKeyDown={(e) => onKeyDown(e, i)}
              className={`flex shrink-0 items-center gap-2 rounded-full px-4 py-2 text-sm whitespace-nowrap transition-colors ${active ? 'bg-ink text-ivory' : 'text-muted hover:bg-sand hover:text-ink'}`}
            >
              {t.icon ? <t.icon className="h-4 w-4" aria-hidden /> : null}
              {t.label}
              {t.badge ? (
                <span
                  className={`min-w-5 rounded-full px-1.5 text-center text-xs leading-5 font-semibold ${active ? 'bg-gold text-ink' : 'bg-terracotta text-white'}`}
                >
                  {t.badge > 99 ? '99+' : t.badge}
                  {t.badgeLabel ? <span className="sr-only"> {t.badgeLabel}</span> : null}
                </span>
              ) : null}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`panel-${selected}`}
        aria-labelledby={`tab-${selected}`}
        className={panelClassName}
      >
        {children}
      </div>
    </>
  );
}
