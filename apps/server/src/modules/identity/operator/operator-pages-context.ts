import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { errorPage, signInMessages } from '../interaction-pages.ts';
import {
  fromForeignOrigin,
  interactionOf as interactionOfProvider,
  sendHtml,
  type InteractionDetails,
} from '../provider-interactions.ts';
import { AttemptLimiter, hitAll, signInRateLimitWindowMs } from '../sign-in-rate-limiter.ts';
import { operatorInteractionPath } from './operator-oidc-provider.ts';
import {
  newPasswordPage,
  operatorMessages,
  operatorSignInPage,
  type OperatorFieldErrors,
} from './operator-pages.ts';
import {
  newPasswordMessages,
  type NewPasswordProblem,
  type OperatorSignInDependencies,
} from './operator-sign-in.service.ts';

export const uidParams = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
// Lenient on purpose: a form with missing or odd fields is answered with the form and its messages.
export const signInBody = z.object({
  login_id: z.string().max(256).optional(),
  password: z.string().max(4096).optional(),
});
export const newPasswordBody = z.object({ new_password: z.string().max(4096).optional() });
export const forgotBody = z.object({ login_id: z.string().max(256).optional() });
export const resetBody = z.object({
  login_id: z.string().max(256).optional(),
  code: z.string().max(64).optional(),
  new_password: z.string().max(4096).optional(),
});

/** Same pattern as the database's check on `operators.login_id`. */
export const loginIdPattern = /^[a-z0-9][a-z0-9._-]{2,63}$/;

/** Set on the interaction (server side) between a correct temporary password and the new password. */
export const pendingPasswordChangeKey = 'operatorPasswordChange';

export function firstProblemMessage(problems: readonly NewPasswordProblem[]): string {
  const [first] = problems;
  return first === undefined ? operatorMessages.newPasswordEmpty : newPasswordMessages[first];
}

/** What the operator sign-in and password pages share: their provider, limits, forms and answers. */
export interface OperatorPagesContext {
  readonly provider: Provider;
  dependencies(request: FastifyRequest): OperatorSignInDependencies;
  /** True when a 403 page was sent for a form posted from another origin. */
  refuseForeignOrigin(request: FastifyRequest, reply: FastifyReply): boolean;
  interactionOf(
    uid: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<InteractionDetails | undefined>;
  paths(uid: string): {
    page: string;
    login: string;
    newPassword: string;
    abort: string;
    forgot: string;
    reset: string;
  };
  signInForm(
    uid: string,
    loginId: string,
    extra?: { fieldErrors?: OperatorFieldErrors; formError?: string; notice?: string },
  ): string;
  newPasswordForm(uid: string, passwordError?: string): string;
  /** The operator who entered a correct temporary password in this interaction, if any. */
  pendingOperatorId(details: InteractionDetails): string | undefined;
  /** Tells the provider who signed in and sends the browser back to it (303). */
  complete(request: FastifyRequest, reply: FastifyReply, operatorId: string): Promise<FastifyReply>;
  /**
   * Rate limits per login id (every attempt counts, when given) and per IP (only what
   * `countAgainstAddress` counted: failures, decision 027): sets Retry-After when over.
   */
  overLimit(request: FastifyRequest, reply: FastifyReply, loginId?: string): Promise<boolean>;
  /** Counts a failed attempt (wrong password or code) or a mailed code against the client's address. */
  countAgainstAddress(request: FastifyRequest): Promise<void>;
}

export function operatorPagesContext(app: FastifyInstance, provider: Provider): OperatorPagesContext {
  const { config } = app;
  const identity = config.identity;

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

  return {
    provider,
    dependencies: (request) => ({
      db: app.db.db,
      mailer: app.mailer,
      lockThreshold: identity.lockThreshold,
      log: request.log,
      now: () => app.realClock.now(),
    }),
    refuseForeignOrigin: (request, reply) => {
      if (!fromForeignOrigin(request, config.publicOrigin)) return false;
      sendHtml(reply, 403, errorPage('ログインを続けられません', signInMessages.authenticationError));
      return true;
    },
    interactionOf: (uid, request, reply) =>
      interactionOfProvider(provider, uid, request, reply, 'Operator interaction not found'),
    paths,
    signInForm: (uid, loginId, extra = {}) =>
      operatorSignInPage({
        action: paths(uid).login,
        abortAction: paths(uid).abort,
        forgotHref: paths(uid).forgot,
        loginId,
        ...extra,
      }),
    newPasswordForm: (uid, passwordError) =>
      newPasswordPage({
        action: paths(uid).newPassword,
        abortAction: paths(uid).abort,
        ...(passwordError === undefined ? {} : { passwordError }),
      }),
    pendingOperatorId: (details) => {
      const pending = details.result?.[pendingPasswordChangeKey] as { operatorId?: unknown } | undefined;
      return typeof pending?.operatorId === 'string' ? pending.operatorId : undefined;
    },
    complete: async (request, reply, operatorId) => {
      const returnTo = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: operatorId, amr: ['pwd'], ts: Math.floor(Date.now() / 1000) } },
        { mergeWithLastSubmission: false },
      );
      return reply.code(303).header('cache-control', 'no-store').redirect(returnTo);
    },
    overLimit: async (request, reply, loginId) => {
      const refused = await hitAll([
        perIp.refusal(`ip:${request.ip}`),
        ...(loginId === undefined ? [] : [perLoginId.hit(`operator:${loginId}`)]),
      ]);
      if (refused === undefined) return false;
      reply.header('retry-after', String(refused.retryAfterSeconds));
      return true;
    },
    countAgainstAddress: async (request) => {
      await perIp.hit(`ip:${request.ip}`);
    },
  };
}
