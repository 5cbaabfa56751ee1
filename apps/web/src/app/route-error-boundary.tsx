import { useRouteError } from 'react-router';
import { ArrivalFrame } from '../components/page-transition/arrival-frame';
import { MaintenancePage } from '../features/system/maintenance-page';
import { NotFoundPage } from '../features/system/not-found-page';
import { RedirectPage } from '../features/system/redirect-page';
import { routeErrorKind } from '../lib/errors/route-error-kind';
import { NormalLayoutFrame } from './layouts/normal-layout';

const pageFor = {
  redirect: RedirectPage,
  maintenance: MaintenancePage,
  'not-found': NotFoundPage,
} as const;

/**
 * The router's error element (spec §8): the redirect marker shows the redirect page, the maintenance
 * marker the maintenance page, anything else the not-found page with its button to the top. These pages
 * are in the first bundle, not loaded on demand, because they must show even when loading a chunk failed.
 */
export function RouteErrorBoundary() {
  const Page = pageFor[routeErrorKind(useRouteError())];
  return (
    <NormalLayoutFrame>
      <ArrivalFrame>
        <Page />
      </ArrivalFrame>
    </NormalLayoutFrame>
  );
}
