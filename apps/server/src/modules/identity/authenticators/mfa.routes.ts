import {
  codeConfirmRequestSchema,
  ErrorCode,
  errorBodySchema,
  IdentityMfaPath,
  IdentityScope,
  mfaEnabledResponseSchema,
  otpEmailSetupResponseSchema,
  passkeyListSchema,
  passkeySchema,
  reauthenticationRequestSchema,
  totpSetupResponseSchema,
  webauthnConfirmRequestSchema,
  webauthnCredentialParamsSchema,
  webauthnSetupResponseSchema,
} from '@fund/contracts';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '../../../errors/app-error.ts';
import { reauthenticate as reauthenticateCustomer, reauthenticationProof } from '../reauthentication.ts';
import { AttemptLimiter, signInRateLimitWindowMs } from '../sign-in-rate-limiter.ts';
import { enableEmailOtpAndNotify } from './email-otp-enrolment.ts';
import { isEmailOtpEnabled } from './email-otp-setting.repository.ts';
import { requireCustomer } from './mfa-context.ts';
import type { MfaServices } from './mfa-services.ts';
import { stepUpRoutes } from './stepup.routes.ts';
import type { PasskeySummary } from './webauthn.service.ts';
import { customerIdOf } from '../../../shared/signed-in-customer.ts';

export interface MfaRoutesOptions {
  readonly services: MfaServices;
}

/** Code checks (and code mails) per customer per rate-limit window. */
const checksPerWindow = 10;

export const mfaMessages = {
  passwordMissing: '本人確認のため、現在のパスワードを入力してください。',
  passwordWrong: '現在のパスワードが正しくありません。',
  stepUpInvalid:
    'パスキーによる本人確認の有効期限が切れたか、すでに使われています。もう一度本人確認をしてください。',
  locked:
    'アカウントがロックされています。ログインを続けて失敗したため、安全のためロックしました。お客さま窓口までお問い合わせください。',
  codeWrong: '確認コードが正しくないか、有効期限が切れています。',
  tooManyAttempts: '確認の試行回数が上限を超えました。しばらく時間をおいて再度お試しください。',
  emailOtpAlreadyEnabled: 'メールによる2段階認証はすでに設定されています。',
  passkeyFailed: 'パスキーを登録できませんでした。もう一度お試しください。',
  passkeyDuplicate: 'このパスキーはすでに登録されています。',
  passkeyNotFound: 'パスキーが見つかりません。',
} as const;

function passkeyJson(passkey: PasskeySummary): z.infer<typeof passkeySchema> {
  return {
    id: passkey.id,
    name: passkey.name,
    createdAt: passkey.createdAt.toISOString(),
    lastUsedAt: passkey.lastUsedAt?.toISOString() ?? null,
    synced: passkey.synced,
    transports: [...passkey.transports],
  };
}

const refusals = { 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema };

/**
 * The /auth/v1 calls that set up second factors (spec §7): TOTP, emailed codes, passkeys. Each change
 * needs the customer's token with user.write and the current password (recent authentication), and is
 * notified by mail (security.md 18); the code checks are rate-limited per customer (429 + Retry-After).
 */
export const mfaRoutes: FastifyPluginAsyncZod<MfaRoutesOptions> = async (app, options) => {
  const { services } = options;
  const dependencies = { db: app.db.db, clock: app.realClock, mailer: app.mailer };
  const lockThreshold = app.config.identity.lockThreshold;
  const limiter = new AttemptLimiter({
    db: app.db.db,
    name: 'mfa',
    limit: checksPerWindow,
    windowMs: signInRateLimitWindowMs,
    now: () => app.realClock.now().getTime(),
  });
  const write = app.requireCustomer([IdentityScope.userWrite]);

  /**
   * Recent authentication: the current password (counted toward the sign-in lock when wrong) or a fresh
   * passkey step-up token (used once).
   */
  const reauthenticate = async (
    customerId: string,
    body: { current_password?: string | undefined; stepup_token?: string | undefined },
  ): Promise<void> => {
    const proof = reauthenticationProof({ password: body.current_password, stepUpToken: body.stepup_token });
    if (proof === undefined) throw new UnauthorizedError(mfaMessages.passwordMissing);
    const result = await reauthenticateCustomer(
      app.db.db,
      customerId,
      proof,
      lockThreshold,
      app.realClock.now(),
    );
    if (result === 'locked') throw new ForbiddenError(mfaMessages.locked);
    if (result === 'wrong') {
      throw new UnauthorizedError(
        'password' in proof ? mfaMessages.passwordWrong : mfaMessages.stepUpInvalid,
      );
    }
  };

  /** Counts one check; false when a 429 answer was sent. */
  const allowed = async (reply: FastifyReply, key: string): Promise<boolean> => {
    const limit = await limiter.hit(key);
    if (limit.allowed) return true;
    void reply
      .code(429)
      .header('retry-after', String(limit.retryAfterSeconds))
      .send({ code: ErrorCode.tooManyRequests, message: mfaMessages.tooManyAttempts });
    return false;
  };

  app.post(
    IdentityMfaPath.totpSetup,
    {
      onRequest: write,
      schema: {
        operationId: 'startTotpEnrolment',
        summary: 'Starts a TOTP (authenticator app) enrolment: secret and otpauth URI (current password)',
        tags: ['identity'],
        body: reauthenticationRequestSchema,
        response: { 200: totpSetupResponseSchema, 409: errorBodySchema, ...refusals },
      },
    },
    async (request) => {
      const customerId = customerIdOf(request);
      await reauthenticate(customerId, request.body);
      return services.totp.beginEnrolment(customerId);
    },
  );

  app.post(
    IdentityMfaPath.totpConfirm,
    {
      onRequest: write,
      schema: {
        operationId: 'confirmTotpEnrolment',
        summary: 'Activates the TOTP with its first valid code (a code is accepted once)',
        tags: ['identity'],
        body: codeConfirmRequestSchema,
        response: { 200: mfaEnabledResponseSchema, 400: errorBodySchema, 404: errorBodySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const customerId = customerIdOf(request);
      if (!(await allowed(reply, `totp:${customerId}`))) return reply;
      await reauthenticate(customerId, request.body);
      if (!(await services.totp.confirmEnrolment(customerId, request.body.code))) {
        throw new BadRequestError(mfaMessages.codeWrong);
      }
      return { enabled: true } as const;
    },
  );

  app.post(
    IdentityMfaPath.otpEmailSetup,
    {
      onRequest: write,
      schema: {
        operationId: 'startEmailCodeEnrolment',
        summary: 'Sends a code to the customer’s address to turn on emailed codes as second factor',
        tags: ['identity'],
        body: reauthenticationRequestSchema,
        response: { 200: otpEmailSetupResponseSchema, 409: errorBodySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const customerId = customerIdOf(request);
      if (!(await allowed(reply, `otp-email-send:${customerId}`))) return reply;
      await reauthenticate(customerId, request.body);
      if (await isEmailOtpEnabled(app.db.db, customerId)) {
        throw new ConflictError(mfaMessages.emailOtpAlreadyEnabled);
      }
      const customer = await requireCustomer(app.db.db, customerId);
      const { expiresAt } = await services.emailOtp.issue({
        purpose: 'mfa_setup',
        attemptId: `otp-email-setup:${customerId}`,
        email: customer.email,
        customerId,
      });
      return { expiresAt: expiresAt.toISOString() };
    },
  );

  app.post(
    IdentityMfaPath.otpEmailConfirm,
    {
      onRequest: write,
      schema: {
        operationId: 'confirmEmailCodeEnrolment',
        summary: 'Turns on emailed codes as second factor with the code from otpEmail/setup',
        tags: ['identity'],
        body: codeConfirmRequestSchema,
        response: { 200: mfaEnabledResponseSchema, 400: errorBodySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const customerId = customerIdOf(request);
      if (!(await allowed(reply, `otp-email:${customerId}`))) return reply;
      await reauthenticate(customerId, request.body);
      const checked = await services.emailOtp.check({
        purpose: 'mfa_setup',
        attemptId: `otp-email-setup:${customerId}`,
        code: request.body.code,
      });
      if (!checked.ok || checked.customerId !== customerId) throw new BadRequestError(mfaMessages.codeWrong);
      await enableEmailOtpAndNotify(dependencies, customerId);
      return { enabled: true } as const;
    },
  );

  app.post(
    IdentityMfaPath.webauthnSetup,
    {
      onRequest: write,
      schema: {
        operationId: 'startPasskeyRegistration',
        summary: 'Registration options for a new passkey (navigator.credentials.create)',
        tags: ['identity'],
        body: reauthenticationRequestSchema,
        response: { 200: webauthnSetupResponseSchema, ...refusals },
      },
    },
    async (request) => {
      const customerId = customerIdOf(request);
      await reauthenticate(customerId, request.body);
      const registration = await services.webauthn.registrationOptions({
        customerId,
        attemptId: `webauthn-setup:${customerId}`,
      });
      return { options: registration as unknown as Record<string, unknown> };
    },
  );

  app.post(
    IdentityMfaPath.webauthnConfirm,
    {
      onRequest: write,
      schema: {
        operationId: 'confirmPasskeyRegistration',
        summary: 'Verifies the browser’s registration response and stores the passkey',
        tags: ['identity'],
        body: webauthnConfirmRequestSchema,
        response: { 201: passkeySchema, 400: errorBodySchema, 409: errorBodySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const customerId = customerIdOf(request);
      if (!(await allowed(reply, `webauthn:${customerId}`))) return reply;
      await reauthenticate(customerId, request.body);
      const result = await services.webauthn.verifyRegistration({
        customerId,
        attemptId: `webauthn-setup:${customerId}`,
        response: request.body.credential as RegistrationResponseJSON,
        name: request.body.name,
      });
      if (!result.ok) {
        if (result.reason === 'duplicate') throw new ConflictError(mfaMessages.passkeyDuplicate);
        throw new BadRequestError(mfaMessages.passkeyFailed);
      }
      return reply.code(201).send(passkeyJson(result.passkey));
    },
  );

  app.get(
    IdentityMfaPath.webauthnCredentials,
    {
      onRequest: app.requireCustomer([]),
      schema: {
        operationId: 'listPasskeys',
        summary: 'The customer’s passkeys',
        tags: ['identity'],
        response: { 200: passkeyListSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => ({
      credentials: (await services.webauthn.list(customerIdOf(request))).map(passkeyJson),
    }),
  );

  app.delete(
    IdentityMfaPath.webauthnCredential,
    {
      onRequest: write,
      schema: {
        operationId: 'deletePasskey',
        summary: 'Deletes one of the customer’s passkeys (current password)',
        tags: ['identity'],
        params: webauthnCredentialParamsSchema,
        body: reauthenticationRequestSchema,
        response: { 204: z.null(), 404: errorBodySchema, ...refusals },
      },
    },
    async (request, reply) => {
      const customerId = customerIdOf(request);
      await reauthenticate(customerId, request.body);
      if (!(await services.webauthn.delete(customerId, request.params.credential_id))) {
        throw new NotFoundError(mfaMessages.passkeyNotFound);
      }
      return reply.code(204).send(null);
    },
  );

  await app.register(stepUpRoutes, { services });
};
