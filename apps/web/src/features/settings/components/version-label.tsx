import { APP_VERSION } from '@lokal/shared/constants/marketing';

/** The app's version (v1.0.0), from the root package.json through the shared constant. */
export function VersionLabel() {
  return <p className="text-center text-xs text-muted">Lokal v{APP_VERSION}</p>;
}
