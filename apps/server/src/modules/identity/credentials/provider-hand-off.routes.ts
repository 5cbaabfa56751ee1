import { randomBytes } from 'node:crypto';
import {
  consentQuerySchema,
  errorBodySchema,
  IdentityAccountPath,
  IdentityAccountProviderPath,
  IdentityPath,
  loginBodySchema,
  loginHintBodySchema,
  loginHintCreatedSchema,
  loginHintParamsSchema,
  loginHintSchema,
  loginStartedSchema,
  tenantParamsSchema,
} from '@fund/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BadRequestError, NotFoundError } from '../../../errors/app-error.ts';
import { firstPartyClientIds, interactionPath } from '../oidc-provider.ts';
import type { CredentialsRateLimits } from './credentials-rate-limits.ts';
import { storeLoginHint, takeLoginHint } from './login-hint.repository.ts';

export interface ProviderHandOffRoutesOptions {
  readonly limits: CredentialsRateLimits;
}

/** A login hint can be redeemed for five minutes. */
export const loginHintLifetimeSeconds = 300;

const tags = ['identity'];

const logoutQuerySchema = z.object({
  id_token_hint: z.string().max(4096).optional(),
  post_logout_redirect_uri: z.string().max(2000).optional(),
  client_id: z.string().max(100).optional(),
  state: z.string().max(500).optional(),
  ui_locales: z.string().max(100).optional(),
});

/**
 * The /auth/v1 calls next to the OpenID provider (spec §7). None of them authenticates anybody itself:
 * they point the client at the provider (login, logout, token, introspection, consent) or carry a login
 * hint, so every rule of the provider (PKCE, client authentication, exact redirect URIs, the interaction
 * cookie) still applies.
 */
export const providerHandOffRoutes: FastifyPluginAsyncZod<ProviderHandOffRoutesOptions> = async (
  app,
  options,
) => {
  const { limits } = options;
  const oidcBase = `${app.config.publicOrigin}${IdentityPath.oidc}`;

  app.post(
    IdentityAccountPath.login,
    {
      schema: {
        operationId: 'startSignIn',
        summary:
          'Starts a sign-in for a first-party client: returns the authorization URL (code flow with PKCE S256, prompt=login). No password is accepted here',
        tags,
        body: loginBodySchema,
        response: { 200: loginStartedSchema, 400: errorBodySchema },
      },
    },
    async (request) => {
      const body = request.body;
      if (!firstPartyClientIds.has(body.clientId)) {
        throw new BadRequestError('このクライアントはこの方法でログインできません。');
      }
      const query = new URLSearchParams({
        client_id: body.clientId,
        response_type: 'code',
        redirect_uri: body.redirectUri,
        scope: body.scope,
        state: body.state,
        code_challenge: body.codeChallenge,
        code_challenge_method: 'S256',
        prompt: 'login',
        ...(body.loginHint === undefined ? {} : { login_hint: body.loginHint }),
      });
      return { authorizationUrl: `${oidcBase}/auth?${query.toString()}` };
    },
  );

  app.post(
    IdentityAccountPath.loginSendOtpEmail,
    {
      schema: {
        operationId: 'resendSignInCode',
        summary:
          "Mails a new sign-in code for the pending second step of an interaction: 307 to the interaction's resend action (bound to the browser by the interaction cookie; the second-factor step's checks apply)",
        tags,
        querystring: consentQuerySchema,
        response: { 307: z.null() },
      },
    },
    async (request, reply) =>
      reply.code(307).redirect(`${interactionPath(request.query.uid)}/second-factor/email/resend`),
  );

  app.get(
    IdentityAccountPath.logout,
    {
      schema: {
        operationId: 'signOut',
        summary:
          "Sign-out: 303 to the provider's end-session endpoint (RP-initiated logout) with the same parameters",
        tags,
        querystring: logoutQuerySchema,
        response: { 303: z.null() },
      },
    },
    async (request, reply) => {
      const query = new URLSearchParams(
        Object.entries(request.query).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      const suffix = query.size === 0 ? '' : `?${query.toString()}`;
      return reply.code(303).header('cache-control', 'no-store').redirect(`${oidcBase}/session/end${suffix}`);
    },
  );

  app.get(
    IdentityAccountProviderPath.consent,
    {
      schema: {
        operationId: 'showConsent',
        summary:
          'Shows the pending consent of an interaction: 303 to its page (the interaction cookie binds it to this browser)',
        tags,
        querystring: consentQuerySchema,
        response: { 303: z.null() },
      },
    },
    async (request, reply) => reply.code(303).redirect(interactionPath(request.query.uid)),
  );

  app.post(
    IdentityAccountProviderPath.consent,
    {
      schema: {
        operationId: 'acceptConsent',
        summary:
          "Accepts the pending consent of an interaction: 307 to the interaction's confirm action (method and body kept; its cookie and origin checks apply)",
        tags,
        querystring: consentQuerySchema,
        response: { 307: z.null() },
      },
    },
    async (request, reply) => reply.code(307).redirect(`${interactionPath(request.query.uid)}/confirm`),
  );

  app.post(
    IdentityAccountProviderPath.tenantLoginHint,
    {
      schema: {
        operationId: 'storeLoginHint',
        summary: `Stores a login hint (口座番号) for the tenant under a random key, redeemable once within ${loginHintLifetimeSeconds / 60} minutes`,
        tags,
        params: tenantParamsSchema,
        body: loginHintBodySchema,
        response: { 201: loginHintCreatedSchema, 400: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      await limits.check(reply, 'login-hint', request.ip, request.params.tenant_id);
      const key = randomBytes(32).toString('base64url');
      const expiresAt = new Date(app.realClock.now().getTime() + loginHintLifetimeSeconds * 1000);
      await storeLoginHint(
        app.db.db,
        key,
        { tenantId: request.params.tenant_id, accountNumber: request.body.accountNumber },
        expiresAt,
      );
      return reply.code(201).send({ key, expiresAt: expiresAt.toISOString() });
    },
  );

  app.get(
    IdentityAccountProviderPath.loginHint,
    {
      schema: {
        operationId: 'redeemLoginHint',
        summary:
          'Redeems a login hint: returns it once, then the key is gone (404 when unknown, used or expired)',
        tags,
        params: loginHintParamsSchema,
        response: { 200: loginHintSchema, 404: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const hint = await limits.checkSecret(
        reply,
        'login-hint-read',
        request.ip,
        request.params.key,
        async () => {
          const taken = await takeLoginHint(app.db.db, request.params.key, app.realClock.now());
          if (taken === undefined) throw new NotFoundError('ログインのヒントが見つかりません。');
          return taken;
        },
      );
      reply.header('cache-control', 'no-store');
      return hint;
    },
  );

  // token and introspection: permanent redirects that keep method and body (308), so the provider's
  // client authentication, PKCE and rotation rules apply unchanged; the body is left unread here.
  await app.register(async (forward) => {
    forward.removeAllContentTypeParsers();
    forward.addContentTypeParser('*', (_request, _payload, done) => done(null));
    const to =
      (target: string) =>
      async (_request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> =>
        reply.code(308).header('cache-control', 'no-store').redirect(target);
    forward.post(
      IdentityAccountPath.token,
      {
        schema: {
          operationId: 'issueToken',
          summary:
            "Alias of the provider's token endpoint: 308 to /oidc/token (form body and client authentication kept)",
          tags,
          response: { 308: z.null() },
        },
      },
      to(`${oidcBase}/token`),
    );
    forward.post(
      IdentityAccountPath.tokenIntrospect,
      {
        schema: {
          operationId: 'introspectToken',
          summary:
            "Alias of the provider's introspection endpoint: 308 to /oidc/token/introspection (only the client a token was issued to learns about it)",
          tags,
          response: { 308: z.null() },
        },
      },
      to(`${oidcBase}/token/introspection`),
    );
  });
};
