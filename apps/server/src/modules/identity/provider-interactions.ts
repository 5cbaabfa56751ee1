import type { FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { NotFoundError } from '../../errors/app-error.ts';
import { errorPage, signInMessages } from './interaction-pages.ts';

/**
 * What the sign-in pages of both pools (customers under /auth/v1/interaction, operators under
 * /auth/v1/operator/interaction) do the same way with their provider's interactions.
 */

export type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

export function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/** A form posted from another origin than ours (the pages post only to themselves). */
export function fromForeignOrigin(request: FastifyRequest, publicOrigin: string): boolean {
  const origin = request.headers.origin;
  return origin !== undefined && origin !== publicOrigin;
}

/**
 * The interaction of this browser (cookie) and of this URL, or an error page already sent; `notFound`
 * is what the log says when there is none.
 */
export async function interactionOf(
  provider: Provider,
  uid: string,
  request: FastifyRequest,
  reply: FastifyReply,
  notFound: string,
): Promise<InteractionDetails | undefined> {
  try {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (details.uid === uid) return details;
  } catch (error) {
    request.log.info({ err: error }, notFound);
  }
  sendHtml(reply, 400, errorPage('ログインを続けられません', signInMessages.sessionExpired));
  return undefined;
}

/** Adds to the session's grant (a new one if none) what the client asked for and it lacks; its id. */
export async function grantWhatIsMissing(provider: Provider, details: InteractionDetails): Promise<string> {
  const accountId = details.session?.accountId;
  if (accountId === undefined) throw new NotFoundError();
  const grant =
    (details.grantId === undefined ? undefined : await provider.Grant.find(details.grantId)) ??
    new provider.Grant({ accountId, clientId: String(details.params['client_id']) });
  const missing = details.prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (missing.missingOIDCScope !== undefined) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
  if (missing.missingOIDCClaims !== undefined) grant.addOIDCClaims(missing.missingOIDCClaims);
  for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  return grant.save();
}

/** The person gave up signing in: the provider answers the client with access_denied (303). */
export async function abortInteraction(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const returnTo = await provider.interactionResult(
    request.raw,
    reply.raw,
    { error: 'access_denied', error_description: 'End-User aborted interaction' },
    { mergeWithLastSubmission: false },
  );
  return reply.code(303).redirect(returnTo);
}
