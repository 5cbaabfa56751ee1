import type { Params } from 'react-router';
import { PageNotFoundError } from '../errors/page-not-found-error';

/** A page's own precondition on its route parameters (spec §2: "a page may define a validation"). */
export type PageValidator = (params: Params) => boolean;

/**
 * Runs a page's validation in its route loader, before the page is shown. Failing raises the spec's 404
 * ("Page Not Found" plus the path), which the router renders as the not-found page. It runs in the loader,
 * not inside the page component, so that an invalid URL never renders the page and React never logs a
 * render error for what is an expected outcome.
 */
export function checkPageValidation(
  validate: PageValidator | undefined,
  params: Params,
  pathname: string,
): void {
  if (validate !== undefined && !validate(params)) throw new PageNotFoundError(pathname);
}
