import { readFileSync } from 'node:fs';
import formBody from '@fastify/formbody';
import {
  errorBodySchema,
  IdentityAccountPage,
  IdentityPath,
  IdentityScope,
  type SignInNotice,
  signInNoticeParam,
  userProfileSchema,
} from '@fund/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { NotFoundError } from '../../errors/app-error.ts';
import { credentialsRoutes } from './credentials/credentials.routes.ts';
import { securityPagesRoutes } from './security-pages/security-pages.routes.ts';
import {
  consentPage,
  errorPage,
  identityStylesheetPath,
  signInMessages,
  signInNoticeMessages,
  signInPage,
  type FieldErrors,
} from './interaction-pages.ts';
import { createOidcProvider, firstPartyClientIds, interactionPath } from './oidc-provider.ts';
import { mountPoolProvider } from './oidc-provider-factory.ts';
import {
  abortInteraction,
  fromForeignOrigin,
  grantWhatIsMissing,
  interactionOf as interactionOfProvider,
  sendHtml,
  type InteractionDetails,
} from './provider-interactions.ts';
import { revokeEverythingOfAccount } from './oidc-payload.repository.ts';
import { mailingSignInNotifier, type SignInNotifier } from './sign-in-notifier.ts';
import { AttemptLimiter, hitAll, signInRateLimitWindowMs } from './sign-in-rate-limiter.ts';
import { findCustomerProfile } from './sign-in.repository.ts';
import { notifySafely, signInWithPassword } from './sign-in.service.ts';
import type { SignInSteps } from './sign-in-steps.ts';
import { createMfaServices } from './authenticators/mfa-services.ts';
import { mfaRoutes } from './authenticators/mfa.routes.ts';
import { passkeySignInControls } from './sign-in-second-step/second-factor-pages.ts';
import { SecondFactor } from './sign-in-second-step/second-factor.routes.ts';

export interface IdentityRoutesOptions {
  /** Who tells the customer about sign-ins and locks; by default mail through the mailer. */
  readonly notifier?: SignInNotifier;
  /** What happens after a correct password (a second factor); by default nothing. */
  readonly steps?: SignInSteps;
}

const stylesheet = readFileSync(new URL('./identity.css', import.meta.url), 'utf8');

const uidParams = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
// Lenient on purpose: a form with missing or odd fields is answered with the form and its messages.
const signInBody = z.object({
  account_number: z.string().max(256).optional(),
  password: z.string().max(4096).optional(),
});

/**
 * Tells the provider who signed in and sends the browser back to it (303), which then redirects to the
 * client with a code. For a second-factor step: call this once its factor is verified.
 */
export async function completeSignIn(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
  amr: readonly string[],
): Promise<FastifyReply> {
  const returnTo = await provider.interactionResult(request.raw, reply.raw, {
    login: { accountId, amr: [...amr], ts: Math.floor(Date.now() / 1000) },
  });
  return reply.code(303).header('cache-control', 'no-store').redirect(returnTo);
}

/**
 * The identity service: the OpenID provider under /oidc, its sign-in and consent pages under
 * /auth/v1/interaction, and the /auth/v1 calls of the web app that need a customer token.
 */
export const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (app, options) => {
  const { config } = app;
  const identity = config.identity;
  const provider = createOidcProvider({
    publicOrigin: config.publicOrigin,
    identity,
    keys: app.signingKeys,
    db: app.db.db,
    trustProxy: config.trustProxy !== false,
  });

  const notifier = options.notifier ?? mailingSignInNotifier(app.mailer, identity.lockThreshold);
  const mfa = createMfaServices(config, { db: app.db.db, clock: app.realClock, mailer: app.mailer });
  const secondFactor = new SecondFactor({ config, db: app.db.db, clock: app.realClock, services: mfa });
  const steps = options.steps ?? secondFactor.steps;
  const limiterNow = () => app.realClock.now().getTime();
  const limiterOf = (name: string, limit: number) =>
    new AttemptLimiter({ db: app.db.db, name, limit, windowMs: signInRateLimitWindowMs, now: limiterNow });
  const perIp = limiterOf('sign-in', identity.signInLimitPerIp);
  const perAccount = limiterOf('sign-in', identity.signInLimitPerAccount);

  app.get(identityStylesheetPath, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(stylesheet),
  );

  // --- The OpenID provider (a Koa app) under /oidc -------------------------------------------------
  await mountPoolProvider(app, provider, { path: IdentityPath.oidc, name: 'OpenID provider' });

  // --- Sign-in and consent pages (the provider's interactions) -------------------------------------
  await app.register(async (scope) => {
    await scope.register(formBody, { bodyLimit: 16_384 });
    const pages = scope.withTypeProvider<ZodTypeProvider>();

    const forbiddenOrigin = (request: FastifyRequest): boolean =>
      fromForeignOrigin(request, config.publicOrigin);

    /** The interaction of this browser (cookie) and of this URL, or an error page already sent. */
    const interactionOf = (uid: string, request: FastifyRequest, reply: FastifyReply) =>
      interactionOfProvider(provider, uid, request, reply, 'Interaction not found');

    const signInForm = (
      uid: string,
      accountNumber: string,
      fieldErrors?: FieldErrors,
      formError?: string,
      notice?: string,
    ) =>
      signInPage({
        ...(notice === undefined ? {} : { notice }),
        action: `${interactionPath(uid)}/login`,
        abortAction: `${interactionPath(uid)}/abort`,
        accountNumber,
        signUpHref: `${IdentityAccountPage.signUp}?interaction=${uid}`,
        forgotPasswordHref: `${IdentityAccountPage.passwordReset}?interaction=${uid}`,
        ...(fieldErrors === undefined ? {} : { fieldErrors }),
        ...(formError === undefined ? {} : { formError }),
        passkey: passkeySignInControls(uid),
      });

    /** Grants what the client asked for; the consent page or, for our own clients, silently. */
    const grantConsent = async (details: InteractionDetails) => ({
      consent: { grantId: await grantWhatIsMissing(provider, details) },
    });

    pages.get(
      '/auth/v1/interaction/:uid',
      { schema: { hide: true, params: uidParams } },
      async (request, reply) => {
        const details = await interactionOf(request.params.uid, request, reply);
        if (details === undefined) return reply;
        const uid = details.uid;
        if (details.prompt.name === 'login') {
          const hint = details.params['login_hint'];
          const notice = details.params[signInNoticeParam];
          return sendHtml(
            reply,
            200,
            signInForm(
              uid,
              typeof hint === 'string' && /^\d{7}$/.test(hint) ? hint : '',
              undefined,
              undefined,
              typeof notice === 'string' ? signInNoticeMessages[notice as SignInNotice] : undefined,
            ),
          );
        }
        if (details.prompt.name === 'consent') {
          const clientId = String(details.params['client_id']);
          if (firstPartyClientIds.has(clientId)) {
            const returnTo = await provider.interactionResult(
              request.raw,
              reply.raw,
              await grantConsent(details),
              {
                mergeWithLastSubmission: true,
              },
            );
            return reply.code(303).redirect(returnTo);
          }
          const client = await provider.Client.find(clientId);
          const missing = details.prompt.details as {
            missingOIDCScope?: string[];
            missingResourceScopes?: Record<string, string[]>;
          };
          const scopes = [
            ...(missing.missingOIDCScope ?? []),
            ...Object.values(missing.missingResourceScopes ?? {}).flat(),
          ];
          return sendHtml(
            reply,
            200,
            consentPage({
              action: `${interactionPath(uid)}/confirm`,
              abortAction: `${interactionPath(uid)}/abort`,
              clientName: client?.clientName ?? clientId,
              scopes: [...new Set(scopes)],
            }),
          );
        }
        return sendHtml(
          reply,
          400,
          errorPage('ログインを続けられません', signInMessages.authenticationError),
        );
      },
    );

    pages.post(
      '/auth/v1/interaction/:uid/login',
      { schema: { hide: true, params: uidParams, body: signInBody } },
      async (request, reply) => {
        if (forbiddenOrigin(request)) {
          return sendHtml(
            reply,
            403,
            errorPage('ログインを続けられません', signInMessages.authenticationError),
          );
        }
        const details = await interactionOf(request.params.uid, request, reply);
        if (details === undefined) return reply;
        if (details.prompt.name !== 'login') {
          return sendHtml(reply, 400, errorPage('ログインを続けられません', signInMessages.sessionExpired));
        }
        const accountNumber = (request.body.account_number ?? '').trim();
        const password = request.body.password ?? '';
        const fieldErrors: { accountNumber?: string; password?: string } = {};
        if (accountNumber === '') fieldErrors.accountNumber = signInMessages.accountNumberEmpty;
        else if (!/^\d{7}$/.test(accountNumber))
          fieldErrors.accountNumber = signInMessages.accountNumberFormat;
        if (password === '') fieldErrors.password = signInMessages.passwordEmpty;
        if (Object.keys(fieldErrors).length > 0) {
          return sendHtml(reply, 400, signInForm(details.uid, accountNumber, fieldErrors));
        }

        // Per account every attempt counts; per address only failures (decision 027), so customers
        // who know their password are never refused because their neighbours behind one address signed in.
        const ipKey = `ip:${request.ip}`;
        const refused = await hitAll([perIp.refusal(ipKey), perAccount.hit(`account:${accountNumber}`)]);
        if (refused !== undefined) {
          reply.header('retry-after', String(refused.retryAfterSeconds));
          return sendHtml(
            reply,
            429,
            signInForm(details.uid, accountNumber, {}, signInMessages.tooManyAttempts),
          );
        }

        const result = await signInWithPassword(
          {
            db: app.db.db,
            lockThreshold: identity.lockThreshold,
            notifier,
            log: request.log,
            now: () => app.realClock.now(),
          },
          { accountNumber, password, ip: request.ip, userAgent: request.headers['user-agent'] },
        );
        if (result.kind === 'invalid') {
          await perIp.hit(ipKey);
          return sendHtml(
            reply,
            401,
            signInForm(details.uid, accountNumber, {}, signInMessages.invalidCredentials),
          );
        }
        if (result.kind === 'locked') {
          return sendHtml(reply, 403, signInForm(details.uid, accountNumber, {}, signInMessages.locked));
        }
        const next = await steps.afterPassword(
          { customerId: result.notice.customerId, accountNumber, interactionUid: details.uid },
          request,
          reply,
        );
        if (next.kind === 'answered') return reply;
        await notifySafely(request.log, () => notifier.signedIn(result.notice));
        return completeSignIn(provider, request, reply, result.notice.customerId, next.amr);
      },
    );

    pages.post(
      '/auth/v1/interaction/:uid/confirm',
      { schema: { hide: true, params: uidParams } },
      async (request, reply) => {
        if (forbiddenOrigin(request)) {
          return sendHtml(
            reply,
            403,
            errorPage('ログインを続けられません', signInMessages.authenticationError),
          );
        }
        const details = await interactionOf(request.params.uid, request, reply);
        if (details === undefined) return reply;
        if (details.prompt.name !== 'consent') {
          return sendHtml(reply, 400, errorPage('ログインを続けられません', signInMessages.sessionExpired));
        }
        const returnTo = await provider.interactionResult(
          request.raw,
          reply.raw,
          await grantConsent(details),
          {
            mergeWithLastSubmission: true,
          },
        );
        return reply.code(303).redirect(returnTo);
      },
    );

    pages.post(
      '/auth/v1/interaction/:uid/abort',
      { schema: { hide: true, params: uidParams } },
      async (request, reply) => {
        if (forbiddenOrigin(request)) {
          return sendHtml(
            reply,
            403,
            errorPage('ログインを続けられません', signInMessages.authenticationError),
          );
        }
        const details = await interactionOf(request.params.uid, request, reply);
        if (details === undefined) return reply;
        return abortInteraction(provider, request, reply);
      },
    );
  });

  // --- Second factor at sign-in, passkey sign-in (sign-in-second-step/) and the MFA API (authenticators/) -------------
  await app.register(secondFactor.routes, { provider, notifier, complete: completeSignIn });
  await app.register(mfaRoutes, { services: mfa });

  // --- sign-up, password reset, credential changes, sessions (credentials/) ---------------------------
  await app.register(credentialsRoutes);

  // --- the customer's own security pages (security-pages/), signed in as the fund-account client --------
  await app.register(securityPagesRoutes, { provider, services: mfa });

  // --- /auth/v1 calls with a customer token ---------------------------------------------------------
  app.get(
    IdentityPath.userProfile,
    {
      onRequest: app.requireCustomer([]),
      schema: {
        operationId: 'getCustomerProfile',
        summary: 'The signed-in customer (bearer token)',
        tags: ['identity'],
        response: { 200: userProfileSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const customer = request.customer;
      const profile =
        customer === null ? undefined : await findCustomerProfile(app.db.db, customer.customerId);
      if (profile === undefined) throw new NotFoundError();
      return {
        accountNumber: profile.accountNumber,
        branchCode: profile.branchCode,
        lastName: profile.lastName,
        firstName: profile.firstName,
        email: profile.email,
        accountRole: profile.accountRole as z.infer<typeof userProfileSchema>['accountRole'],
      };
    },
  );

  app.post(
    IdentityPath.sessionsRevokeGlobal,
    {
      onRequest: app.requireCustomer([IdentityScope.userWrite, IdentityScope.sessionRevokeSelf]),
      schema: {
        operationId: 'revokeAllSessions',
        summary:
          'Global sign-out: ends every session and refresh token of the customer (needs user.write and user.session.revoke.self)',
        tags: ['identity'],
        response: { 204: z.null(), 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (request.customer !== null) {
        const removed = await revokeEverythingOfAccount(app.db.db, request.customer.customerId);
        request.log.info({ customerId: request.customer.customerId, removed }, 'Global sign-out');
      }
      return reply.code(204).send(null);
    },
  );
};
