import formBody from '@fastify/formbody';
import { errorBodySchema, OperatorIdentityPath, operatorProfileSchema } from '@fund/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { NotFoundError } from '../../../errors/app-error.ts';
import { errorPage, signInMessages } from '../interaction-pages.ts';
import { AttemptLimiter, hitAll, signInRateLimitWindowMs } from '../sign-in-rate-limiter.ts';
import { findOperatorById } from './operator.repository.ts';
import { createOperatorOidcProvider, operatorInteractionPath } from './operator-oidc-provider.ts';
import { mountPoolProvider } from '../oidc-provider-factory.ts';
import {
  abortInteraction,
  fromForeignOrigin,
  grantWhatIsMissing,
  interactionOf as interactionOfProvider,
  sendHtml,
} from '../provider-interactions.ts';
import {
  forgotPasswordPage,
  newPasswordPage,
  operatorMessages,
  operatorSignInPage,
  resetPasswordPage,
  type OperatorFieldErrors,
} from './operator-pages.ts';
import {
  newPasswordMessages,
  replaceTemporaryPassword,
  requestPasswordReset,
  resetPasswordWithCode,
  signInOperator,
  type NewPasswordProblem,
  type OperatorSignInDependencies,
} from './operator-sign-in.service.ts';

const uidParams = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
// Lenient on purpose: a form with missing or odd fields is answered with the form and its messages.
const signInBody = z.object({
  login_id: z.string().max(256).optional(),
  password: z.string().max(4096).optional(),
});
const newPasswordBody = z.object({ new_password: z.string().max(4096).optional() });
const forgotBody = z.object({ login_id: z.string().max(256).optional() });
const resetBody = z.object({
  login_id: z.string().max(256).optional(),
  code: z.string().max(64).optional(),
  new_password: z.string().max(4096).optional(),
});

/** Same pattern as the database's check on `operators.login_id`. */
const loginIdPattern = /^[a-z0-9][a-z0-9._-]{2,63}$/;

/** Set on the interaction (server side) between a correct temporary password and the new password. */
const pendingPasswordChangeKey = 'operatorPasswordChange';

function firstProblemMessage(problems: readonly NewPasswordProblem[]): string {
  const [first] = problems;
  return first === undefined ? operatorMessages.newPasswordEmpty : newPasswordMessages[first];
}

/**
 * The operator (administrator) sign-in: its own OpenID provider under /oidc-admin with the client
 * `fund-admin`, its pages under /auth/v1/operator/interaction, and the operator profile call.
 */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const identity = config.identity;
  const provider = createOperatorOidcProvider({
    publicOrigin: config.publicOrigin,
    identity,
    keys: app.signingKeys,
    db: app.db.db,
    trustProxy: config.trustProxy !== false,
  });

  const limiterNow = () => app.realClock.now().getTime();
  const limiterOf = (limit: number) =>
    new AttemptLimiter({
      db: app.db.db,
      name: 'operator-sign-in',
      limit,
      windowMs: signInRateLimitWindowMs,
      now: limiterNow,
    });
  const perIp = limiterOf(identity.signInLimitPerIp);
  const perLoginId = limiterOf(identity.signInLimitPerAccount);

  const dependencies = (request: FastifyRequest): OperatorSignInDependencies => ({
    db: app.db.db,
    mailer: app.mailer,
    lockThreshold: identity.lockThreshold,
    log: request.log,
    now: () => app.realClock.now(),
  });

  // --- The operators' OpenID provider (a Koa app) under /oidc-admin --------------------------------
  await mountPoolProvider(app, provider, {
    path: OperatorIdentityPath.oidc,
    name: 'Operator OpenID provider',
  });

  // --- Operator sign-in pages ----------------------------------------------------------------------
  await app.register(async (scope) => {
    await scope.register(formBody, { bodyLimit: 16_384 });
    const pages = scope.withTypeProvider<ZodTypeProvider>();

    const refuseForeignOrigin = (request: FastifyRequest, reply: FastifyReply): boolean => {
      if (!fromForeignOrigin(request, config.publicOrigin)) return false;
      sendHtml(reply, 403, errorPage('ログインを続けられません', signInMessages.authenticationError));
      return true;
    };

    const interactionOf = (uid: string, request: FastifyRequest, reply: FastifyReply) =>
      interactionOfProvider(provider, uid, request, reply, 'Operator interaction not found');

    const paths = (uid: string) => {
      const base = operatorInteractionPath(uid);
      return {
        page: base,
        login: `${base}/login`,
        newPassword: `${base}/new-password`,
        abort: `${base}/abort`,
        forgot: `${base}/forgot`,
        reset: `${base}/reset`,
      };
    };

    const signInForm = (
      uid: string,
      loginId: string,
      extra: { fieldErrors?: OperatorFieldErrors; formError?: string; notice?: string } = {},
    ) =>
      operatorSignInPage({
        action: paths(uid).login,
        abortAction: paths(uid).abort,
        forgotHref: paths(uid).forgot,
        loginId,
        ...extra,
      });

    const newPasswordForm = (uid: string, passwordError?: string) =>
      newPasswordPage({
        action: paths(uid).newPassword,
        abortAction: paths(uid).abort,
        ...(passwordError === undefined ? {} : { passwordError }),
      });

    /** The operator who entered a correct temporary password in this interaction, if any. */
    const pendingOperatorId = (details: Awaited<ReturnType<Provider['interactionDetails']>>) => {
      const pending = details.result?.[pendingPasswordChangeKey] as { operatorId?: unknown } | undefined;
      return typeof pending?.operatorId === 'string' ? pending.operatorId : undefined;
    };

    /** Tells the provider who signed in and sends the browser back to it (303). */
    const complete = async (request: FastifyRequest, reply: FastifyReply, operatorId: string) => {
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: operatorId, amr: ['pwd'], ts: Math.floor(Date.now() / 1000) } },
        { mergeWithLastSubmission: false },
      );
      return reply.code(303).header('cache-control', 'no-store').redirect(returnTo);
    };

    /** Rate limits per IP (and per login id when given): 429 with Retry-After when over. */
    const overLimit = async (
      request: FastifyRequest,
      reply: FastifyReply,
      loginId?: string,
    ): Promise<boolean> => {
      const refused = await hitAll([
        perIp.hit(`ip:${request.ip}`),
        ...(loginId === undefined ? [] : [perLoginId.hit(`operator:${loginId}`)]),
      ]);
      if (refused === undefined) return false;
      reply.header('retry-after', String(refused.retryAfterSeconds));
      return true;
    };

    pages.get(
      `${OperatorIdentityPath.interaction}/:uid`,
      { schema: { hide: true, params: uidParams } },
      async (request, reply) => {
        const details = await interactionOf(request.params.uid, request, reply);
        if (details === undefined) return reply;
        if (details.prompt.name === 'login') {
          if (pendingOperatorId(details) !== undefined)
            return sendHtml(reply, 200, newPasswordForm(details.uid));
          return sendHtml(reply, 200, signInForm(details.uid, ''));
        }
        if (details.prompt.name === 'consent') {
          // `fund-admin` is the only client and our own: consent is granted without a page.
          const grantId = await grantWhatIsMissing(provider, details);
          const returnTo = await provider.interactionResult(
            request.raw,
            reply.raw,
            { consent: { grantId } },
            { mergeWithLastSubmission: true },
          );
          return reply.code(303).redirect(returnTo);
        }
        return sendHtml(
          reply,
          400,
          errorPage('ログインを続けられません', signInMessages.authenticationError),
        );
      },
    );

    pages.post(
      `${OperatorIdentityPath.interaction}/:uid/login`,
      { schema: { hide: true, params: uidParams, body: signInBody } },
      async (request, reply) => {
        if (refuseForeignOrigin(request, reply)) return reply;
        const details = await interactionOf(request.params.uid, request, reply);
        if (details === undefined) return reply;
        if (details.prompt.name !== 'login') {
          return sendHtml(reply, 400, errorPage('ログインを続けられません', signInMessages.sessionExpired));
        }
        const loginId = (request.body.login_id ?? '').trim().toLowerCase();
        const password = request.body.password ?? '';
        const fieldErrors: { loginId?: string; password?: string } = {};
        if (loginId === '') fieldErrors.loginId = operatorMessages.loginIdEmpty;
        else if (!loginIdPattern.test(loginId)) fieldErrors.loginId = operatorMessages.loginIdFormat;
        if (password === '') fieldErrors.password = operatorMessages.passwordEmpty;
        if (Object.keys(fieldErrors).length > 0) {
          return sendHtml(reply, 400, signInForm(details.uid, loginId, { fieldErrors }));
        }
        if (await overLimit(request, reply, loginId)) {
          return sendHtml(
            reply,
            429,
            signInForm(details.uid, loginId, { formError: operatorMessages.tooManyAttempts }),
          );
        }
        const result = await signInOperator(dependencies(request), { loginId, password });
        switch (result.kind) {
          case 'invalid':
            return sendHtml(
              reply,
              401,
              signInForm(details.uid, loginId, { formError: operatorMessages.invalidCredentials }),
            );
          case 'locked':
            return sendHtml(
              reply,
              403,
              signInForm(details.uid, loginId, { formError: operatorMessages.locked }),
            );
          case 'new_password_required':
            // Kept on the interaction (server side, bound to this browser's interaction cookie).
            await provider.interactionResult(
              request.raw,
              reply.raw,
              { [pendingPasswordChangeKey]: { operatorId: result.operator.id } },
              { mergeWithLastSubmission: false },
            );
            request.log.info(
              { operatorId: result.operator.id },
              'Operator signed in with a temporary password',
            );
            return sendHtml(reply, 200, newPasswordForm(details.uid));
          case 'signed_in':
            request.log.info({ operatorId: result.operator.id }, 'Operator signed in');
            return complete(request, reply, result.operator.id);
        }
      },
    );

    pages.post(
      `${OperatorIdentityPath.interaction}/:uid/new-password`,
      { schema: { hide: true, params: uidParams, body: newPasswordBody } },
      async (request, reply) => {
        if (refuseForeignOrigin(request, reply)) return reply;
        const details = await interactionOf(request.params.uid, request, reply);
        if (details === undefined) return reply;
        const operatorId = pendingOperatorId(details);
        if (details.prompt.name !== 'login' || operatorId === undefined) {
          return sendHtml(reply, 400, errorPage('ログインを続けられません', signInMessages.sessionExpired));
        }
        const newPassword = request.body.new_password ?? '';
        if (newPassword === '') {
          return sendHtml(reply, 400, newPasswordForm(details.uid, operatorMessages.newPasswordEmpty));
        }
        const result = await replaceTemporaryPassword(dependencies(request), operatorId, newPassword);
        if (result.kind === 'invalid') {
          return sendHtml(
            reply,
            400,
            errorPage('ログインを続けられません', signInMessages.authenticationError),
          );
        }
        if (result.kind === 'rejected') {
          return sendHtml(reply, 400, newPasswordForm(details.uid, firstProblemMessage(result.problems)));
        }
        request.log.info({ operatorId }, 'Operator replaced the temporary password');
        return complete(request, reply, operatorId);
      },
    );

    pages.post(
      `${OperatorIdentityPath.interaction}/:uid/abort`,
      { schema: { hide: true, params: uidParams } },
      async (request, reply) => {
        if (refuseForeignOrigin(request, reply)) return reply;
        const details = await interactionOf(request.params.uid, request, reply);
        if (details === undefined) return reply;
        return abortInteraction(provider, request, reply);
      },
    );

    pages.get(
      `${OperatorIdentityPath.interaction}/:uid/forgot`,
      { schema: { hide: true, params: uidParams } },
      async (request, reply) => {
        const details = await interactionOf(request.params.uid, request, reply);
        if (details === undefined) return reply;
        const p = paths(details.uid);
        return sendHtml(reply, 200, forgotPasswordPage({ action: p.forgot, backHref: p.page, loginId: '' }));
      },
    );

    pages.post(
      `${OperatorIdentityPath.interaction}/:uid/forgot`,
      { schema: { hide: true, params: uidParams, body: forgotBody } },
      async (request, reply) => {
        if (refuseForeignOrigin(request, reply)) return reply;
        const details = await interactionOf(request.params.uid, request, reply);
        if (details === undefined) return reply;
        const p = paths(details.uid);
        const loginId = (request.body.login_id ?? '').trim().toLowerCase();
        const loginIdError =
          loginId === ''
            ? operatorMessages.loginIdEmpty
            : loginIdPattern.test(loginId)
              ? undefined
              : operatorMessages.loginIdFormat;
        if (loginIdError !== undefined) {
          return sendHtml(
            reply,
            400,
            forgotPasswordPage({
              action: p.forgot,
              backHref: p.page,
              loginId,
              fieldErrors: { loginId: loginIdError },
            }),
          );
        }
        if (await overLimit(request, reply, loginId)) {
          return sendHtml(
            reply,
            429,
            forgotPasswordPage({
              action: p.forgot,
              backHref: p.page,
              loginId,
              formError: operatorMessages.tooManyAttempts,
            }),
          );
        }
        await requestPasswordReset(dependencies(request), loginId);
        // The same page whether or not the login id exists (no enumeration).
        return sendHtml(
          reply,
          200,
          resetPasswordPage({
            action: p.reset,
            resendHref: p.forgot,
            loginId,
            notice: operatorMessages.codeSent,
          }),
        );
      },
    );

    pages.post(
      `${OperatorIdentityPath.interaction}/:uid/reset`,
      { schema: { hide: true, params: uidParams, body: resetBody } },
      async (request, reply) => {
        if (refuseForeignOrigin(request, reply)) return reply;
        const details = await interactionOf(request.params.uid, request, reply);
        if (details === undefined) return reply;
        const p = paths(details.uid);
        const loginId = (request.body.login_id ?? '').trim().toLowerCase();
        const code = (request.body.code ?? '').trim();
        const newPassword = request.body.new_password ?? '';
        const fieldErrors: { code?: string; password?: string } = {};
        if (code === '') fieldErrors.code = operatorMessages.codeEmpty;
        else if (!/^\d{6}$/.test(code)) fieldErrors.code = operatorMessages.codeFormat;
        if (newPassword === '') fieldErrors.password = operatorMessages.newPasswordEmpty;
        const resetForm = (extra: { fieldErrors?: OperatorFieldErrors; formError?: string }) =>
          resetPasswordPage({ action: p.reset, resendHref: p.forgot, loginId, ...extra });
        if (!loginIdPattern.test(loginId)) {
          return sendHtml(reply, 400, resetForm({ formError: operatorMessages.invalidCode }));
        }
        if (Object.keys(fieldErrors).length > 0) return sendHtml(reply, 400, resetForm({ fieldErrors }));
        if (await overLimit(request, reply, loginId)) {
          return sendHtml(reply, 429, resetForm({ formError: operatorMessages.tooManyAttempts }));
        }
        const result = await resetPasswordWithCode(dependencies(request), { loginId, code, newPassword });
        if (result.kind === 'invalid_code') {
          return sendHtml(reply, 400, resetForm({ fieldErrors: { code: operatorMessages.invalidCode } }));
        }
        if (result.kind === 'rejected') {
          return sendHtml(
            reply,
            400,
            resetForm({ fieldErrors: { password: firstProblemMessage(result.problems) } }),
          );
        }
        request.log.info({ loginId }, 'Operator password reset with a mailed code');
        return sendHtml(
          reply,
          200,
          signInForm(details.uid, loginId, { notice: operatorMessages.passwordReset }),
        );
      },
    );
  });

  // --- Calls with an operator token ----------------------------------------------------------------
  app.get(
    OperatorIdentityPath.operatorProfile,
    {
      onRequest: app.requireOperator(),
      schema: {
        summary: 'The signed-in operator (operator bearer token from /oidc-admin)',
        tags: ['identity'],
        response: { 200: operatorProfileSchema, 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => {
      const operator = request.operator;
      const row = operator === null ? undefined : await findOperatorById(app.db.db, operator.operatorId);
      if (operator === null || row === undefined) throw new NotFoundError();
      return {
        operatorId: row.id,
        loginId: row.loginId,
        name: row.name,
        canActAsCustomer: operator.canActAsCustomer,
      };
    },
  );
};
