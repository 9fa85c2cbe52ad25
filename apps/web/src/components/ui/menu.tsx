import type { LucideIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { buttonClass } from './button.tsx';

export type MenuItem = { label: string; icon: LucideIcon; onSelect: () => void; danger?: boolean };

type Props = { label: string; icon: LucideIcon; items: MenuItem[] };

/**
 * The one pop-up menu (WAI-ARIA menu button): Enter, Space or an arrow on the button opens it with focus on
 * an item; arrows, Home, End and the first letter move; Enter or Space chooses; Escape closes it and focus goes back to the button;
 * Tab or a click elsewhere closes it. A chosen item runs after focus is back on the button, so a dialog it
 * opens gives focus back to that button when it closes.
 */
export function Menu({ label, icon: Icon, items }: Props) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      const t = e.target as Node;
      if (!list.current?.contains(t) && !button.current?.contains(t)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const show = (at: number) => {
    setActive((at + items.length) % items.length);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const choose = (item: MenuItem) => {
    close();
    item.onSelect();
  };

  function onButtonKey(e: KeyboardEvent) {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      show(0);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      show(items.length - 1);
    }
  }

  function onMenuKey(e: KeyboardEvent) {
    const keys: Record<string, () => void> = {
      ArrowDown: () => setActive((active + 1) % items.length),
      ArrowUp: () => setActive((active - 1 + items.length) % items.length),
      Home: () => setActive(0),
      End: () => setActive(items.length - 1),
      Escape: close,
    };
    const run = keys[e.key];
    if (run) {
      e.preventDefault();
      run();
    } else if (e.key === 'Tab') setOpen(false);
    else if (e.key.length === 1) {
      // Typeahead: the next item after the current one that starts with the letter.
      const letter = e.key.toLowerCase();
      for (let step = 1; step <= items.length; step++) {
        const at = (active + step) % items.length;
        if (items[at]?.label.toLowerCase().startsWith(letter)) {
          setActive(at);
          break;
        }
      }
    }
  }

  return (
    <div className="relative">
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => (open ? setOpen(false) : show(0))}
        onKeyDown={onButtonKey}
        className={buttonClass('ghost', 'icon')}
      >
        <Icon className="h-5 w-5" aria-hidden />
      </button>
      {open ? (
        <div
          ref={list}
          id={id}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKey}
          className="absolute top-full right-0 z-40 mt-1.5 min-w-52 rounded-xl border border-line bg-white p-1.5 shadow-lift"
        >
          {items.map((item, i) => {
            const ItemIcon = item.icon;
            return (
              <button
                type="button"
                key={item.label}
                ref={(el) => {
                  itemRefs.current[i] = el;
                }}
                role="menuitem"
                tabIndex={i === active ? 0 : -1}
                onClick={() => choose(item)}
                onPointerMove={() => i !== active && setActive(i)}
                className={`flex w-full cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm outline-none focus:bg-sand ${item.danger ? 'text-danger' : 'text-ink'}`}
              >
                <ItemIcon className="h-4 w-4" aria-hidden />
                {item.label}
              </button>
            );
          })}
        </div>
      ) : null}
    </div>
  );
}
