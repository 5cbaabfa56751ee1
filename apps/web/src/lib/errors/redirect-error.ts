/** The marker of the redirect error, carried as its message like the maintenance marker. */
export const REDIRECT_ERROR = 'REDIRECT_ERROR';

/**
 * Raised while the app is leaving for another site (e.g. the sign-in screen): the router shows the
 * redirect page instead of a half-rendered screen until the browser has navigated away (spec §8).
 */
export class RedirectError extends Error {
  override readonly name = 'RedirectError';
  readonly marker = REDIRECT_ERROR;

  constructor() {
    super(REDIRECT_ERROR);
  }
}

export function isRedirectError(error: unknown): boolean {
  return error instanceof RedirectError || (error instanceof Error && error.message === REDIRECT_ERROR);
}
