import { isMaintenanceError } from './maintenance-error';
import { isRedirectError } from './redirect-error';

export type RouteErrorKind = 'redirect' | 'maintenance' | 'not-found';

/**
 * Which page the router shows for an error (spec §8): the redirect and maintenance markers have their own
 * pages; everything else, a missing page included, shows the not-found page with its button to the top.
 */
export function routeErrorKind(error: unknown): RouteErrorKind {
  if (isRedirectError(error)) return 'redirect';
  if (isMaintenanceError(error)) return 'maintenance';
  return 'not-found';
}
