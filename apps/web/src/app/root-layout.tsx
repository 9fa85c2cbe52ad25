import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { useAuth } from '../features/auth/auth-context.tsx';

// A development aid: when its code cannot load (offline), it is simply left out.
const DevPanel = lazy(() =>
  import('../features/auth/components/dev-panel.tsx')
    .then((m) => ({ default: m.DevPanel }))
    .catch(() => ({ default: () => null })),
);

export function RootLayout() {
  const { devAvailable, exitTo, clearExit } = useAuth();
  const { pathname } = useLocation();
  useEffect(() => {
    if (exitTo && pathname === exitTo) clearExit();
  }, [exitTo, pathname, clearExit]);
  return (
    <>
      <Outlet />
      <ScrollRestoration />
      {devAvailable ? (
        <Suspense fallback={null}>
          <DevPanel />
        </Suspense>
      ) : null}
    </>
  );
}
