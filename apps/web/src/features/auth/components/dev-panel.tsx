import { AUTH_MESSAGES, STORAGE_KEYS } from '@lokal/shared/constants/auth';
import { paths } from '@lokal/shared/domain/pages';
import type { UserType } from '@lokal/shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, Wrench } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { storage } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.ts';
import { statusQuery } from '../api/get-status.ts';
import { mockSignIn } from '../api/mock-sign-in.ts';
import { useAuth } from '../auth-context.tsx';

const DEFAULT_EMAILS: Record<UserType, string> = {
  tourist: 'dev.tourist@lokal.test',
  guide: 'dev.guide@lokal.test',
};
const ROUTES = [paths.landing, paths.test, ...Object.values(paths.tourist), ...Object.values(paths.guide)];

// Development only: rendered on localhost when the server is not in production.
export function DevPanel() {
  const auth = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<UserType>(
    (storage.get(STORAGE_KEYS.mockUserType) as UserType) || 'tourist',
  );
  const [emails, setEmails] = useState(DEFAULT_EMAILS);
  if (!auth.devAvailable) return null;

  const enabled = auth.devMode;
  function toggleDevMode() {
    auth.setDevMode(!enabled);
    toast.info(!enabled ? AUTH_MESSAGES.devEnabled : AUTH_MESSAGES.devDisabled);
  }

  async function signIn() {
    try {
      const res = await mockSignIn({ email: emails[role], userType: role });
      storage.set(STORAGE_KEYS.mockUser, JSON.stringify(res.mockUser));
      storage.set(STORAGE_KEYS.mockUserType, role);
      queryClient.setQueryData(statusQuery.queryKey, res.user);
      toast.success(AUTH_MESSAGES.mockSignedIn(role));
      navigate(paths[role].home);
    } catch (err) {
      toast.error((err as Error).message);
    }
  }

  async function signOut() {
    try {
      await auth.signOut();
      toast.success(AUTH_MESSAGES.devSignedOut);
    } catch {
      toast.error(AUTH_MESSAGES.signOutFailed);
    }
  }

  // Closed, it is a narrow tab in the phone's left margin (screens keep 1.25 rem either side), above the tab bar
  // or the chat composer (--bottom-chrome); on wide screens a small round button in the empty bottom-left
  // corner. Either way it covers no control of the screen under it (decision 029).
  const bottom = 'fixed bottom-[calc(var(--bottom-chrome)+0.5rem)] z-30 lg:bottom-4 lg:left-4';
  const place = `${bottom} left-0`;
  if (!open) {
    return (
      <aside aria-label="Development panel" className={place}>
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-expanded={false}
          aria-label="Development"
          title="Development"
          className="grid h-11 w-3.5 place-items-center rounded-r-lg border border-l-0 border-line bg-white/90 text-muted shadow-card hover:text-ink lg:h-9 lg:w-9 lg:rounded-full lg:border-l"
        >
          <Wrench className="hidden h-4 w-4 lg:block" aria-hidden />
          <span className="h-5 w-0.5 rounded-full bg-current lg:hidden" aria-hidden />
        </button>
      </aside>
    );
  }
  return (
    <aside
      aria-label="Development panel"
      className={`${bottom} left-2 w-[min(20rem,calc(100vw-1rem))] rounded-2xl border border-line bg-white text-sm shadow-lift`}
    >
      <button
        type="button"
        onClick={() => setOpen(false)}
        aria-expanded
        className="flex w-full items-center justify-between gap-2 px-4 py-3 font-medium"
      >
        <span className="inline-flex items-center gap-2">
          <Wrench className="h-4 w-4" aria-hidden /> Development
        </span>
        <ChevronDown className="h-4 w-4" aria-hidden />
      </button>
      {open ? (
        <div className="space-y-3 border-t border-line px-4 py-3">
          <label className="flex items-center justify-between gap-2">
            <span>Development mode</span>
            <input
              type="checkbox"
              role="switch"
              aria-checked={enabled}
              checked={enabled}
              onChange={toggleDevMode}
              className="h-5 w-5 accent-ink"
            />
          </label>
          <fieldset className="flex gap-2">
            <legend className="sr-only">Mock role</legend>
            {(['tourist', 'guide'] as const).map((r) => (
              <Button
                key={r}
                size="sm"
                variant={role === r ? 'primary' : 'outline'}
                aria-pressed={role === r}
                onClick={() => setRole(r)}
              >
                {r}
              </Button>
            ))}
          </fieldset>
          <label className="block">
            <span className="mb-1 block text-muted">Mock e-mail</span>
            <input
              className={`${inputClass} h-10 text-sm`}
              value={emails[role]}
              onChange={(e) => setEmails({ ...emails, [role]: e.target.value })}
            />
          </label>
          <div className="flex gap-2">
            <Button size="sm" onClick={signIn}>
              Mock sign-in
            </Button>
            {auth.user ? (
              <Button size="sm" variant="outline" onClick={signOut}>
                Sign out
              </Button>
            ) : null}
          </div>
          <nav aria-label="All routes" className="max-h-40 overflow-y-auto">
            <ul className="space-y-1">
              {ROUTES.map((to) => (
                <li key={to}>
                  <Link to={to} className="text-muted hover:text-ink">
                    {to}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      ) : null}
    </aside>
  );
}
