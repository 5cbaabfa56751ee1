import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ArrivalFrame } from '../components/page-transition/arrival-frame';
import { MaintenancePage } from '../features/system/maintenance-page';
import { NotFoundPage } from '../features/system/not-found-page';
import { RedirectPage } from '../features/system/redirect-page';
import { claimReload, isChunkLoadError } from '../lib/errors/reload-guard';
import { routeErrorKind } from '../lib/errors/route-error-kind';
import { reloadPage } from '../lib/navigation/external';
import { NormalLayoutFrame } from './layouts/normal-layout';

const pageFor = {
  redirect: RedirectPage,
  maintenance: MaintenancePage,
  'not-found': NotFoundPage,
} as const;

/**
 * The guard's decision per error, taken once: rendering the boundary again (StrictMode renders twice)
 * must neither record a second reload nor trip the guard against itself.
 */
const reloadDecisions = new WeakMap<object, boolean>();

function reloadDecisionFor(error: unknown): boolean {
  if (!isChunkLoadError(error) || typeof error !== 'object' || error === null) return false;
  let decision = reloadDecisions.get(error);
  if (decision === undefined) {
    decision = claimReload();
    reloadDecisions.set(error, decision);
  }
  return decision;
}

/**
 * A chunk of the app failed to load (usually a deploy replaced it): the page reloads to get the new
 * build, once per path within 10 s (reload guard, spec §8); if that did not help, the error shows.
 */
function useChunkReload(error: unknown): boolean {
  const reloading = reloadDecisionFor(error);
  useEffect(() => {
    if (reloading) reloadPage();
  }, [reloading, error]);
  return reloading;
}

/**
 * The router's error element (spec §8): the redirect marker shows the redirect page, the maintenance
 * marker the maintenance page, anything else the not-found page with its button to the top. These pages
 * are in the first bundle, not loaded on demand, because they must show even when loading a chunk failed.
 * A failed chunk first reloads the page (see useChunkReload); nothing is shown while it does.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const reloading = useChunkReload(error);
  const kind = routeErrorKind(error);
  const Page = pageFor[kind];
  // the maintenance page carries the service's mark wherever it shows (shell screen or route error)
  return (
    <NormalLayoutFrame withHeader={kind === 'maintenance'}>
      <ArrivalFrame>{reloading ? null : <Page />}</ArrivalFrame>
    </NormalLayoutFrame>
  );
}
