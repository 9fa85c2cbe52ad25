import { STORAGE_KEYS } from '@lokal/shared/constants/auth';
import type { StatusUser } from '@lokal/shared/schemas/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ApiError, logUnexpected } from '../../lib/api-client.ts';
import { realtime } from '../../lib/realtime.ts';
import { storage } from '../../lib/storage.ts';
import { deleteAccountCall } from './api/delete-account.ts';
import { appConfigQuery } from './api/get-app-config.ts';
import { statusQuery } from './api/get-status.ts';
import { signOutCall } from './api/sign-out.ts';
import { signOutEverywhereCall } from './api/sign-out-everywhere.ts';

/** The session user as the app holds it. */
export type SessionUser = {
  uid: string;
  email: string;
  displayName?: string;
  isOnboarded: boolean;
  role: StatusUser['role'];
  personalityTestCompleted: boolean;
};

type AuthState = {
  loading: boolean;
  user: SessionUser | null;
  error: string | null;
  /** Development mode: localhost, a non-production server and the panel's switch on. */
  devMode: boolean;
  /** Where a signed-out user is sent instead of the login page, until they get there. */
  exitTo: string | null;
  clearExit: () => void;
  devAvailable: boolean;
  setDevMode: (on: boolean) => void;
  updateUser: (partial: Partial<StatusUser>) => void;
  refresh: () => Promise<unknown>;
  /**
   * Revokes the session on the server (with `everywhere`, every session of the account); guarded pages then
   * send the user to `exitTo` (not to login).
   */
  signOut: (exitTo?: string, options?: { everywhere?: boolean; deleteAccount?: boolean }) => Promise<void>;
};

const AuthContext = createContext<AuthState | null>(null);
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
// False while prerendering on the server.
const onLocalhost = typeof window !== 'undefined' && LOCAL_HOSTS.has(window.location.hostname);
// The environment of the server that served this page (plugins/web-app.ts writes it into every page but the
// prerendered landing): development mode is known from the first render, never after a redirect.
const servedEnvironment =
  typeof document === 'undefined'
    ? null
    : (document.querySelector('meta[name="lokal-environment"]')?.getAttribute('content') ?? null);

function toSessionUser(u: StatusUser): SessionUser {
  return {
    uid: u.id,
    email: u.email,
    displayName: u.displayName ?? undefined,
    isOnboarded: u.onboardingCompleted,
    role: u.role,
    personalityTestCompleted: u.personalityTestCompleted ?? false,
  };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const status = useQuery(statusQuery);
  const config = useQuery({ ...appConfigQuery, enabled: onLocalhost && servedEnvironment === null });
  const environment = servedEnvironment ?? config.data?.environment;
  const devAvailable = onLocalhost && environment === 'development';
  // Local storage's first read can take a browser tens of milliseconds: asked only where the switch can exist.
  const [devSwitch, setDevSwitch] = useState(
    () => onLocalhost && storage.get(STORAGE_KEYS.developmentModeEnabled) === 'true',
  );
  const devMode = devAvailable && devSwitch;
  // The switch is on but the server has not said yet whether it counts: the guard waits instead of redirecting.
  const devPending = onLocalhost && devSwitch && environment === undefined && !config.isError;
  const setDevMode = useCallback((on: boolean) => {
    storage.set(STORAGE_KEYS.developmentModeEnabled, String(on));
    setDevSwitch(on);
  }, []);

  // Partial updates are merged into what the server last said.
  const updateUser = useCallback(
    (partial: Partial<StatusUser>) => {
      queryClient.setQueryData(statusQuery.queryKey, (old: StatusUser | null | undefined) =>
        old ? { ...old, ...partial } : old,
      );
    },
    [queryClient],
  );

  const [exitTo, setExitTo] = useState<string | null>(null);
  const clearExit = useCallback(() => setExitTo(null), []);
  const signOut = useCallback(
    async (to?: string, options?: { everywhere?: boolean; deleteAccount?: boolean }) => {
      try {
        await (options?.deleteAccount
          ? deleteAccountCall()
          : options?.everywhere
            ? signOutEverywhereCall()
            : signOutCall());
      } catch (err) {
        logUnexpected(err);
        throw err;
      } finally {
        storage.remove(STORAGE_KEYS.mockUser);
      }
      if (to) setExitTo(to);
      queryClient.setQueryData(statusQuery.queryKey, null);
      queryClient.removeQueries({
        predicate: (q) => q.queryKey[0] !== 'auth' && q.queryKey[0] !== 'app-config',
      });
    },
    [queryClient],
  );

  // A 401 while this tab holds a user: the session ended elsewhere (Sign out everywhere, an idle or expired
  // session). Asking for the status again lets the guard send the visitor to the sign-in page
  // (docs/product.md#settings).
  useEffect(() => {
    const ended = (err: unknown) => {
      if (!(err instanceof ApiError) || err.status !== 401) return;
      if (!queryClient.getQueryData(statusQuery.queryKey)) return;
      void queryClient.invalidateQueries({ queryKey: statusQuery.queryKey });
    };
    const offQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') ended(event.action.error);
    });
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') ended(event.action.error);
    });
    // Told live over the socket (Sign out everywhere elsewhere, a suspension): the same as a 401, at once.
    const offFrames = realtime.onFrame((frame) => {
      if (frame.type === 'signed-out') ended(new ApiError('Signed out', 401, 'unauthenticated'));
    });
    return () => {
      offQueries();
      offMutations();
      offFrames();
    };
  }, [queryClient]);

  const value = useMemo<AuthState>(
    () => ({
      loading: status.isPending || devPending,
      user: status.data ? toSessionUser(status.data) : null,
      error: status.isError ? status.error.message || 'Failed to check user status' : null,
      devMode,
      exitTo,
      clearExit,
      devAvailable,
      setDevMode,
      updateUser,
      refresh: () => status.refetch(),
      signOut,
    }),
    [
      status.isPending,
      devPending,
      status.data,
      status.isError,
      status.error,
      devMode,
      exitTo,
      clearExit,
      devAvailable,
      setDevMode,
      updateUser,
      signOut,
      status.refetch,
    ],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
