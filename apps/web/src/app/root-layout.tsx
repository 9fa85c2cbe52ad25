import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useAuth } from '../features/auth/auth-context.tsx';

const DevPanel = lazy(() =>
  import('../features/auth/components/dev-panel.tsx').then((m) => ({ default: m.DevPanel })),
);

export function RootLayout() {
  const { devAvailable } = useAuth();
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
