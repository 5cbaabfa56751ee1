import type { LoaderFunction, Params } from 'react-router';
import { PageNotFoundError } from '../errors/page-not-found-error';

/** A page's own precondition on its route parameters (spec §2: "a page may define a validation"). */
export type PageValidator = (params: Params) => boolean;

/**
 * The route loader that runs a page's validation before the page is shown. Failing raises the spec's 404
 * ("Page Not Found" plus the path), which the router renders as the not-found page. It runs as a loader,
 * not inside the page component, so that an invalid URL never renders the page and React never logs a
 * render error for what is an expected outcome.
 */
export function pageValidationLoader(validate: PageValidator): LoaderFunction {
  return ({ params, request }) => {
    if (!validate(params)) throw new PageNotFoundError(new URL(request.url).pathname);
    return null;
  };
}
