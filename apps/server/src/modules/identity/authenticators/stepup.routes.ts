import { randomUUID } from 'node:crypto';
import {
  ErrorCode,
  errorBodySchema,
  IdentityMfaPath,
  IdentityScope,
  stepUpOptionsResponseSchema,
  stepUpRequestSchema,
  stepUpResponseSchema,
} from '@fund/contracts';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BadRequestError, NotFoundError } from '../../../errors/app-error.ts';
import { AttemptLimiter, signInRateLimitWindowMs } from '../sign-in-rate-limiter.ts';
import type { MfaServices } from './mfa-services.ts';
import { issueStepUpToken } from './stepup-token.ts';
import { customerIdOf } from '../../../shared/signed-in-customer.ts';

export interface StepUpRoutesOptions {
  readonly services: MfaServices;
}

export const stepUpMessages = {
  noPasskey:
    'パスキーが登録されていないため、パスキーで本人確認できません。現在のパスワードを入力してください。',
  failed: 'パスキーで本人確認できませんでした。もう一度お試しください。',
  tooManyAttempts: '確認の試行回数が上限を超えました。しばらく時間をおいて再度お試しください。',
} as const;

/** Assertions checked per customer per rate-limit window. */
const checksPerWindow = 10;

/** The challenge of a step-up is kept under its own attempt ids, apart from sign-in's. */
const challengeAttempt = (attemptId: string): string => `stepup:${attemptId}`;

const refusals = { 401: errorBodySchema, 403: errorBodySchema };

/**
 * Passkey step-up (security.md 18, 19): instead of typing the current password, a customer with a passkey
 * signs a fresh, single-use challenge with one of their own passkeys (user verification required) and
 * gets a step-up token, valid once for 5 minutes, to send as `stepup_token` / `stepupToken` with a
 * credential change.
 */
export const stepUpRoutes: FastifyPluginAsyncZod<StepUpRoutesOptions> = async (app, options) => {
  const { services } = options;
  const write = app.requireCustomer([IdentityScope.userWrite]);
  const limiter = new AttemptLimiter({
    db: app.db.db,
    name: 'step-up',
    limit: checksPerWindow,
    windowMs: signInRateLimitWindowMs,
    now: () => app.realClock.now().getTime(),
  });

  app.post(
    IdentityMfaPath.stepUpOptions,
    {
      onRequest: write,
      schema: {
        operationId: 'getPasskeyStepUpOptions',
        summary: 'Request options for a passkey step-up with one of the caller’s own passkeys',
        tags: ['identity'],
        response: { 200: stepUpOptionsResponseSchema, 404: errorBodySchema, ...refusals },
      },
    },
    async (request) => {
      const customerId = customerIdOf(request);
      if ((await services.webauthn.list(customerId)).length === 0) {
        throw new NotFoundError(stepUpMessages.noPasskey);
      }
      const attemptId = randomUUID();
      const requestOptions = await services.webauthn.authenticationOptions({
        attemptId: challengeAttempt(attemptId),
        customerId,
      });
      return { attemptId, options: requestOptions as unknown as Record<string, unknown> };
    },
  );

  app.post(
    IdentityMfaPath.stepUp,
    {
      onRequest: write,
      schema: {
        operationId: 'verifyPasskeyStepUp',
        summary: 'Verifies a passkey step-up assertion and answers a single-use 5-minute step-up token',
        tags: ['identity'],
        body: stepUpRequestSchema,
        response: { 200: stepUpResponseSchema, 400: errorBodySchema, 429: errorBodySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const customerId = customerIdOf(request);
      const limit = await limiter.hit(`stepup:${customerId}`);
      if (!limit.allowed) {
        return reply
          .code(429)
          .header('retry-after', String(limit.retryAfterSeconds))
          .send({ code: ErrorCode.tooManyRequests, message: stepUpMessages.tooManyAttempts });
      }
      const result = await services.webauthn.verifyAuthentication({
        attemptId: challengeAttempt(request.body.attemptId),
        response: request.body.credential as AuthenticationResponseJSON,
      });
      // The challenge is bound to the caller; the check of the customer is only a second guard.
      if (!result.ok || result.customerId !== customerId) throw new BadRequestError(stepUpMessages.failed);
      const issued = await issueStepUpToken(app.db.db, customerId, app.realClock.now());
      return { stepupToken: issued.token, expiresAt: issued.expiresAt.toISOString() };
    },
  );
};
