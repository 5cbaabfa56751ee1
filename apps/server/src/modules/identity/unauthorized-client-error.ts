import type { KoaContextWithOIDC } from 'oidc-provider';

/** What oidc-provider says when a client uses a grant type its registration does not allow. */
const grantNotAllowed = /is not allowed for this client$/;

/**
 * RFC 6749 §5.2 (and RFC 8628 §3.5 for the device flow) name `unauthorized_client` for a client using a
 * grant type it is not allowed; oidc-provider answers `invalid_request`, which a standard client takes as
 * its own malformed request. The answer is rewritten at the token and device authorization endpoints.
 */
export async function unauthorizedClientError(
  ctx: KoaContextWithOIDC,
  next: () => Promise<void>,
): Promise<void> {
  await next();
  if (ctx.status !== 400 || (ctx.path !== '/token' && ctx.path !== '/device/auth')) return;
  const body = ctx.body as { error?: unknown; error_description?: unknown } | undefined;
  if (body?.error === 'invalid_request' && grantNotAllowed.test(String(body.error_description))) {
    ctx.body = { ...body, error: 'unauthorized_client' };
  }
}
