// The one toast helper of the app: a tiny store the <Toaster> renders. (A toast library cost 12 kB gzipped
// of every page's first load; this is what we use of one.)
export type ToastKind = 'success' | 'error' | 'info';
export type ToastItem = { id: number; kind: ToastKind; message: string };

const SHOWN_MS: Record<ToastKind, number> = { success: 4000, info: 4000, error: 6000 };
const MAX_SHOWN = 3;

let items: ToastItem[] = [];
let nextId = 1;
let paused = false;
const listeners = new Set<() => void>();
// Per toast: its timer and the time it still has, so hovering the stack pauses every countdown.
const timers = new Map<number, { handle?: ReturnType<typeof setTimeout>; left: number; since: number }>();

function emit() {
  for (const l of listeners) l();
}

function arm(id: number) {
  const t = timers.get(id);
  if (!t || paused) return;
  t.since = Date.now();
  t.handle = setTimeout(() => dismissToast(id), t.left);
}

function show(kind: ToastKind, message: string) {
  const id = nextId++;
  items = [...items, { id, kind, message }].slice(-MAX_SHOWN);
  for (const key of timers.keys()) if (!items.some((i) => i.id === key)) dismissTimer(key);
  timers.set(id, { left: SHOWN_MS[kind], since: Date.now() });
  arm(id);
  emit();
  return id;
}

function dismissTimer(id: number) {
  clearTimeout(timers.get(id)?.handle);
  timers.delete(id);
}

export function dismissToast(id: number) {
  dismissTimer(id);
  items = items.filter((i) => i.id !== id);
  emit();
}

/** While the pointer or focus is on the toasts, none of them goes away. */
export function pauseToasts(on: boolean) {
  if (on === paused) return;
  paused = on;
  for (const [id, t] of timers) {
    if (on) {
      clearTimeout(t.handle);
      t.left = Math.max(1000, t.left - (Date.now() - t.since));
    } else arm(id);
  }
}

export const toastStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => items,
};

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};
