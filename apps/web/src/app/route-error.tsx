import { NETWORK_MESSAGES as M } from '@lokal/shared/constants/network';
import { paths } from '@lokal/shared/domain/pages';
import { RefreshCw, TriangleAlert, WifiOff } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useNavigate, useRevalidator, useRouteError } from 'react-router';
import { buttonClass } from '../components/ui/button.tsx';
import { ChunkLoadError, isChunkFailure } from '../lib/chunk-load.ts';
import { useOnline } from '../lib/network-status.ts';

function Screen({
  icon,
  title,
  body,
  children,
}: {
  icon: ReactNode;
  title: string;
  body: string;
  children: ReactNode;
}) {
  return (
    <main
      className="flex min-h-dvh flex-col items-center justify-center px-6 text-center"
      data-testid="route-error"
    >
      {icon}
      <h1 className="mt-6 text-3xl">{title}</h1>
      <p className="mt-3 max-w-sm text-muted" role="status">
        {body}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
    </main>
  );
}

const reload = () => window.location.reload();

/**
 * The error screen of every route (docs/product.md#bad-networks): a screen whose code could not load says
 * whether the network is down or the app was updated; anything else offers a reload. Never React Router's
 * raw crash page. It ships in the entry chunk, so it shows even when nothing else can load.
 */
export function RouteError() {
  const error = useRouteError();
  const online = useOnline();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const chunk = isChunkFailure(error);
  // Our loader notes whether the browser was offline when it failed; for anyone else's, it is now.
  const failedOffline = error instanceof ChunkLoadError ? error.offline : !navigator.onLine;
  const wasOffline = useRef(!online || (chunk && failedOffline));

  // Back online: open the screen that could not load (its route's loader fetches the code again).
  useEffect(() => {
    if (!online) wasOffline.current = true;
    else if (wasOffline.current && chunk) {
      wasOffline.current = false;
      void revalidator.revalidate();
    }
  }, [online, chunk, revalidator]);

  const back =
    window.history.length > 1 ? (
      <button type="button" className={buttonClass('outline', 'lg')} onClick={() => navigate(-1)}>
        {M.goBack}
      </button>
    ) : (
      <Link to={paths.landing} className={buttonClass('outline', 'lg')}>
        {M.goBack}
      </Link>
    );

  if (chunk && (!online || failedOffline)) {
    const retrying = online || revalidator.state === 'loading';
    return (
      <Screen
        icon={<WifiOff className="h-14 w-14 text-gold-deep" aria-hidden />}
        title={M.offlineTitle}
        body={retrying ? M.backOnline : M.offlineBody}
      >
        {back}
        <button
          type="button"
          className={buttonClass('primary', 'lg')}
          disabled={retrying}
          onClick={() => void revalidator.revalidate()}
        >
          {M.tryAgain}
        </button>
      </Screen>
    );
  }
  if (chunk) {
    return (
      <Screen
        icon={<RefreshCw className="h-14 w-14 text-gold-deep" aria-hidden />}
        title={M.updatedTitle}
        body={M.updatedBody}
      >
        <button type="button" className={buttonClass('primary', 'lg')} onClick={reload}>
          {M.reload}
        </button>
      </Screen>
    );
  }
  return (
    <Screen
      icon={<TriangleAlert className="h-14 w-14 text-gold-deep" aria-hidden />}
      title={M.crashTitle}
      body={M.crashBody}
    >
      {back}
      <button type="button" className={buttonClass('primary', 'lg')} onClick={reload}>
        {M.reload}
      </button>
    </Screen>
  );
}
