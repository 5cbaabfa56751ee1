/** A page that does not exist or whose route parameters fail the page's validation (spec §2, §8). */
export class PageNotFoundError extends Error {
  override readonly name = 'PageNotFoundError';
  readonly status = 404;

  constructor(readonly path: string) {
    super(`Page Not Found: ${path}`);
  }
}
