import formBody from '@fastify/formbody';
import {
  checkEmailBodySchema,
  checkEmailResultSchema,
  codeSentSchema,
  emailChangeBodySchema,
  emailChangeConfirmBodySchema,
  emailChangedSchema,
  emailChangeQuerySchema,
  emailChangeStartedSchema,
  emailChangeStateSchema,
  errorBodySchema,
  IdentityAccountPage,
  IdentityAccountPath,
  identityHealthSchema,
  IdentityScope,
  loginAttemptsSchema,
  passwordChangeBodySchema,
  passwordConfirmBodySchema,
  passwordForgotBodySchema,
  passwordResetStartedSchema,
  registerBodySchema,
  registerConfirmBodySchema,
  registeredSchema,
  registrationResendBodySchema,
  registrationStartedSchema,
  sessionRevokeBodySchema,
  userSessionsSchema,
} from '@fund/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, NotFoundError, UnauthorizedError } from '../../../errors/app-error.ts';
import { createMfaServices } from '../authenticators/mfa-services.ts';
import { errorPage } from '../interaction-pages.ts';
import { passwordMaxLength, passwordMinLength } from '../password-policy.ts';
import { reauthenticationProof } from '../reauthentication.ts';
import { AccountRateLimits } from './account-rate-limits.ts';
import { listAccountSessions, revokeAccountSession } from './account-sessions.repository.ts';
import {
  buttonForm,
  formPage,
  passwordResetDonePage,
  signUpDonePage,
  type PageField,
} from './account-pages.ts';
import { recentSignInEvents } from './account.repository.ts';
import { AccountService } from './account.service.ts';
import { providerHandOffRoutes } from './provider-hand-off.routes.ts';
import { uuidPattern } from '../../../shared/uuid.ts';

/** How many sign-in attempts `GET user/login_attempts` lists (newest first). */
export const loginAttemptsListed = 50;

const tags = ['identity'];
const errors = { 400: errorBodySchema, 429: errorBodySchema };
const signedInErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

function customerOf(request: FastifyRequest): { customerId: string; accountNumber: string } {
  if (request.customer === null) throw new UnauthorizedError();
  return request.customer;
}

const uidPattern = /^[A-Za-z0-9_-]{1,64}$/;
/** Back to the interrupted sign-in (the provider's interaction) when known, else to the web app. */
function backHref(interaction: string | undefined): string {
  return interaction !== undefined && uidPattern.test(interaction)
    ? `/auth/v1/interaction/${interaction}`
    : '/';
}

const pageQuery = z.object({
  interaction: z.string().max(64).optional(),
  registration: z.string().max(64).optional(),
  request: z.string().max(64).optional(),
});
const pageForm = z.record(z.string(), z.string().max(4096));

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The account side of /auth/v1 (spec §7): sign-up, password reset, credential changes, sessions and
 * sign-in history, with the sign-up and reset pages linked from the sign-in page.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const identity = app.config.identity;
  const service = new AccountService({
    db: app.db.db,
    clock: app.realClock,
    mailer: app.mailer,
    emailOtp: createMfaServices(app.config, { db: app.db.db, clock: app.realClock, mailer: app.mailer })
      .emailOtp,
    lockThreshold: identity.lockThreshold,
    log: app.log,
  });
  const limits = new AccountRateLimits(
    app.db.db,
    identity.signInLimitPerIp,
    identity.signInLimitPerAccount,
    () => app.realClock.now().getTime(),
  );

  await app.register(providerHandOffRoutes, { limits });

  app.get(
    IdentityAccountPath.health,
    { schema: { summary: 'Identity service health', tags, response: { 200: identityHealthSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  // --- sign-up --------------------------------------------------------------------------------------
  app.post(
    IdentityAccountPath.register,
    {
      schema: {
        summary:
          'Sign-up: mails a 6-digit code to the address (or, when it is already registered, a notice to its owner); same 202 either way',
        tags,
        body: registerBodySchema,
        response: { 202: registrationStartedSchema, ...errors },
      },
    },
    async (request, reply) => {
      await limits.check(reply, 'register', request.ip, request.body.email);
      const started = await service.register(request.body);
      return reply.code(202).send({ ...started, expiresAt: started.expiresAt.toISOString() });
    },
  );

  app.post(
    IdentityAccountPath.registerCheckEmail,
    {
      schema: {
        summary: 'Whether an address can be used as typed (its form only; never whether it is registered)',
        tags,
        body: checkEmailBodySchema,
        response: { 200: checkEmailResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      await limits.check(reply, 'check-email', request.ip, request.body.email);
      return { acceptable: z.email().max(254).safeParse(request.body.email).success };
    },
  );

  app.post(
    IdentityAccountPath.registerConfirm,
    {
      schema: {
        summary:
          'Confirms the sign-up with the mailed code; creates the customer and returns the new 口座番号',
        tags,
        body: registerConfirmBodySchema,
        response: { 201: registeredSchema, ...errors },
      },
    },
    async (request, reply) => {
      await limits.check(reply, 'register-confirm', request.ip, request.body.registrationId);
      const created = await service.confirmRegistration(request.body.registrationId, request.body.code);
      return reply.code(201).send({ accountNumber: created.accountNumber, branchCode: created.branchCode });
    },
  );

  const resendSchema = {
    tags,
    body: registrationResendBodySchema,
    response: { 202: codeSentSchema, ...errors },
  };
  const resend = async (
    request: FastifyRequest<{ Body: z.infer<typeof registrationResendBodySchema> }>,
    reply: FastifyReply,
  ) => {
    await limits.check(reply, 'register-resend', request.ip, request.body.registrationId);
    const sent = await service.resendRegistrationCode(request.body.registrationId);
    return reply.code(202).send({ expiresAt: sent.expiresAt.toISOString() });
  };
  app.post(
    IdentityAccountPath.registerConfirmResend,
    {
      schema: {
        ...resendSchema,
        summary: 'Mails a new sign-up code (the previous one stops working); same answer for any id',
      },
    },
    resend,
  );
  app.post(
    IdentityAccountPath.registerOtpEmail,
    {
      schema: {
        ...resendSchema,
        summary:
          'Sends the sign-up code by email again: the same as register/confirm/resend (the spec lists both; codes only go by email)',
      },
    },
    resend,
  );

  // --- password reset -------------------------------------------------------------------------------
  app.post(
    IdentityAccountPath.passwordForgot,
    {
      schema: {
        summary:
          'Password reset: mails a code when the 口座番号 or address matches one account; same 202 with a fresh resetId either way',
        tags,
        body: passwordForgotBodySchema,
        response: { 202: passwordResetStartedSchema, ...errors },
      },
    },
    async (request, reply) => {
      await limits.check(reply, 'forgot', request.ip, request.body.login);
      const started = await service.forgotPassword(request.body.login);
      return reply.code(202).send({ ...started, expiresAt: started.expiresAt.toISOString() });
    },
  );

  app.post(
    IdentityAccountPath.passwordConfirm,
    {
      schema: {
        summary:
          'Sets the new password with the reset code (single use, 10 minutes). Second factors stay; the failure count restarts, a lock stays; every session ends; the customer is notified',
        tags,
        body: passwordConfirmBodySchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await limits.check(reply, 'reset-confirm', request.ip, request.body.resetId);
      await service.confirmPasswordReset(request.body.resetId, request.body.code, request.body.newPassword);
      return reply.code(204).send(null);
    },
  );

  // --- signed-in calls ----------------------------------------------------------------------------------
  const write = { onRequest: app.requireCustomer([IdentityScope.userWrite]) };
  const read = { onRequest: app.requireCustomer([]) };

  app.patch(
    IdentityAccountPath.userPassword,
    {
      ...write,
      schema: {
        summary: 'Changes the password (current password required; the customer is notified by mail)',
        tags,
        body: passwordChangeBodySchema,
        response: { 204: z.null(), ...signedInErrors },
      },
    },
    async (request, reply) => {
      const customer = customerOf(request);
      await service.changePassword(
        customer.customerId,
        reauthenticationProof({
          password: request.body.currentPassword,
          stepUpToken: request.body.stepupToken,
        }),
        request.body.newPassword,
      );
      return reply.code(204).send(null);
    },
  );

  app.post(
    IdentityAccountPath.userEmail,
    {
      ...write,
      schema: {
        summary:
          'Starts an email change (current password required): a code goes to the new address, a notice to the current one',
        tags,
        body: emailChangeBodySchema,
        response: { 202: emailChangeStartedSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const customer = customerOf(request);
      const started = await service.startEmailChange(
        customer.customerId,
        reauthenticationProof({
          password: request.body.currentPassword,
          stepUpToken: request.body.stepupToken,
        }),
        request.body.newEmail,
      );
      return reply.code(202).send({ ...started, expiresAt: started.expiresAt.toISOString() });
    },
  );

  const confirmEmail = async (
    request: FastifyRequest<{ Body: z.infer<typeof emailChangeConfirmBodySchema> }>,
  ): Promise<{ email: string }> => {
    const customer = customerOf(request);
    return service.confirmEmailChange(customer.customerId, request.body.changeId, request.body.code);
  };
  const confirmEmailSchema = {
    tags,
    body: emailChangeConfirmBodySchema,
    response: { 200: emailChangedSchema, ...signedInErrors },
  };
  app.patch(
    IdentityAccountPath.userEmail,
    {
      ...write,
      schema: {
        ...confirmEmailSchema,
        summary:
          'Confirms the email change with the code sent to the new address; the old address is notified',
      },
    },
    confirmEmail,
  );
  app.post(
    IdentityAccountPath.userEmailConfirm,
    {
      ...write,
      schema: {
        ...confirmEmailSchema,
        summary: 'Same as PATCH user/email (for clients that cannot send PATCH)',
      },
    },
    confirmEmail,
  );
  app.get(
    IdentityAccountPath.userEmailConfirm,
    {
      ...read,
      schema: {
        summary: 'Where an email change stands: pending (with the new address and expiry) or none',
        tags,
        querystring: emailChangeQuerySchema,
        response: { 200: emailChangeStateSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const state = await service.emailChangeState(customer.customerId, request.query.changeId);
      return {
        state: state.state,
        ...(state.email === undefined ? {} : { email: state.email }),
        ...(state.expiresAt === undefined ? {} : { expiresAt: state.expiresAt.toISOString() }),
      };
    },
  );

  app.get(
    IdentityAccountPath.userLoginAttempts,
    {
      ...read,
      schema: {
        summary: `The customer's sign-in history (newest first, at most ${loginAttemptsListed})`,
        tags,
        response: { 200: loginAttemptsSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const rows = await recentSignInEvents(app.db.db, customer.customerId, loginAttemptsListed);
      return {
        attempts: rows.map((row) => ({
          occurredAt: row.occurredAt.toISOString(),
          outcome: row.outcome,
          ip: row.ip,
          userAgent: row.userAgent,
        })),
      };
    },
  );

  app.get(
    IdentityAccountPath.userSessions,
    {
      ...read,
      schema: {
        summary: "The customer's signed-in apps (the provider's grants): client, created, last token issued",
        tags,
        response: { 200: userSessionsSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const customer = customerOf(request);
      const sessions = await listAccountSessions(app.db.db, customer.customerId, app.realClock.now());
      return {
        sessions: sessions.map((session) => ({
          id: session.id,
          clientId: session.clientId,
          createdAt: session.createdAt?.toISOString() ?? null,
          lastUsedAt: session.lastUsedAt?.toISOString() ?? null,
        })),
      };
    },
  );

  app.post(
    IdentityAccountPath.sessionsRevoke,
    {
      onRequest: app.requireCustomer([IdentityScope.userWrite]),
      schema: {
        summary:
          'Ends one session of the caller: its grant and every refresh token under it (404 if not theirs)',
        tags,
        body: sessionRevokeBodySchema,
        response: { 204: z.null(), ...signedInErrors },
      },
    },
    async (request, reply) => {
      const customer = customerOf(request);
      if (!(await revokeAccountSession(app.db.db, customer.customerId, request.body.sessionId))) {
        throw new NotFoundError('セッションが見つかりません。');
      }
      return reply.code(204).send(null);
    },
  );

  // --- pages ----------------------------------------------------------------------------------------------
  await app.register(async (scope) => {
    await scope.register(formBody, { bodyLimit: 16_384 });
    const pages = scope.withTypeProvider<ZodTypeProvider>();
    const forbiddenOrigin = (request: FastifyRequest): boolean => {
      const origin = request.headers.origin;
      return origin !== undefined && origin !== app.config.publicOrigin;
    };
    const refuse = (reply: FastifyReply) =>
      sendHtml(
        reply,
        403,
        errorPage('続けられません', '認証エラーが発生しました。はじめからやり直してください。'),
      );

    /** Runs a service call for a page: its 4xx message becomes the form's error (429 keeps Retry-After). */
    const attempt = async <T>(
      work: () => Promise<T>,
    ): Promise<{ ok: true; value: T } | { ok: false; status: number; message: string }> => {
      try {
        return { ok: true, value: await work() };
      } catch (error) {
        if (error instanceof AppError && error.statusCode < 500) {
          return { ok: false, status: error.statusCode, message: error.message };
        }
        throw error;
      }
    };

    const signUpFields = (values: Record<string, string>, fieldErrors: Record<string, string>): PageField[] =>
      (
        [
          { name: 'last_name', label: '姓', type: 'text', autocomplete: 'family-name' },
          { name: 'first_name', label: '名', type: 'text', autocomplete: 'given-name' },
          { name: 'last_name_kana', label: '姓（カナ）', type: 'text', autocomplete: 'off' },
          { name: 'first_name_kana', label: '名（カナ）', type: 'text', autocomplete: 'off' },
          { name: 'birth_date', label: '生年月日', type: 'date', autocomplete: 'bday' },
          {
            name: 'email',
            label: 'メールアドレス',
            type: 'email',
            autocomplete: 'email',
            hint: '確認コードをお送りします',
          },
          {
            name: 'password',
            label: 'パスワード',
            type: 'password',
            autocomplete: 'new-password',
            hint: `${passwordMinLength}〜${passwordMaxLength}文字。よく使われるパスワードは使えません`,
          },
        ] as const
      ).map((field) => ({
        ...field,
        value: values[field.name] ?? '',
        ...(fieldErrors[field.name] === undefined ? {} : { error: fieldErrors[field.name] }),
      }));

    const signUpForm = (
      interaction: string | undefined,
      values: Record<string, string> = {},
      fieldErrors: Record<string, string> = {},
      formError?: string,
    ) =>
      formPage({
        title: '新規登録',
        intro: 'ご登録のメールアドレスに確認コードをお送りします。登録が完了すると口座番号が発行されます。',
        action: IdentityAccountPage.signUp,
        hidden: interaction === undefined ? {} : { interaction },
        fields: signUpFields(values, fieldErrors),
        submitLabel: '確認コードを送信する',
        ...(formError === undefined ? {} : { formError }),
        backHref: backHref(interaction),
      });

    const codePage = (
      registration: string,
      interaction: string | undefined,
      options: { error?: string; notice?: string } = {},
    ) => {
      const hidden = { registration, ...(interaction === undefined ? {} : { interaction }) };
      return formPage({
        title: '確認コードの入力',
        intro: 'メールでお送りした6桁の確認コードを入力してください。有効期限は10分です。',
        action: IdentityAccountPage.signUpConfirm,
        hidden,
        fields: [
          {
            name: 'code',
            label: '確認コード',
            type: 'text',
            inputmode: 'numeric',
            autocomplete: 'one-time-code',
            hint: '6桁の数字',
            ...(options.error === undefined ? {} : { error: options.error }),
          },
        ],
        submitLabel: '登録する',
        ...(options.notice === undefined ? {} : { notice: options.notice }),
        after: buttonForm(`${IdentityAccountPage.signUpConfirm}/resend`, hidden, '確認コードを再送信する'),
        backHref: backHref(interaction),
      });
    };

    pages.get(
      IdentityAccountPage.signUp,
      { schema: { hide: true, querystring: pageQuery } },
      async (request, reply) => sendHtml(reply, 200, signUpForm(request.query.interaction)),
    );

    pages.post(
      IdentityAccountPage.signUp,
      { schema: { hide: true, body: pageForm } },
      async (request, reply) => {
        if (forbiddenOrigin(request)) return refuse(reply);
        const form = request.body;
        const interaction = form['interaction'];
        const values = Object.fromEntries(
          [
            'last_name',
            'first_name',
            'last_name_kana',
            'first_name_kana',
            'birth_date',
            'email',
            'password',
          ].map((name) => [name, (form[name] ?? '').trim()]),
        );
        values['password'] = form['password'] ?? '';
        const fieldErrors: Record<string, string> = {};
        const required: Record<string, string> = {
          last_name: '姓を入力してください。',
          first_name: '名を入力してください。',
          last_name_kana: '姓（カナ）を入力してください。',
          first_name_kana: '名（カナ）を入力してください。',
          birth_date: '生年月日を入力してください。',
          email: 'メールアドレスを入力してください。',
          password: 'パスワードを入力してください。',
        };
        for (const [name, message] of Object.entries(required)) {
          if ((values[name] ?? '') === '') fieldErrors[name] = message;
        }
        const email = values['email'] ?? '';
        if (fieldErrors['email'] === undefined && (!emailPattern.test(email) || email.length > 254)) {
          fieldErrors['email'] = 'メールアドレスを正しく入力してください。';
        }
        const birthDate = values['birth_date'] ?? '';
        if (fieldErrors['birth_date'] === undefined && !z.iso.date().safeParse(birthDate).success) {
          fieldErrors['birth_date'] = '生年月日を正しく入力してください（例: 1990-04-01）。';
        }
        for (const name of ['last_name', 'first_name', 'last_name_kana', 'first_name_kana']) {
          if ((values[name] ?? '').length > 50) fieldErrors[name] = '50文字以内で入力してください。';
        }
        if (Object.keys(fieldErrors).length > 0) {
          return sendHtml(reply, 400, signUpForm(interaction, values, fieldErrors));
        }
        const result = await attempt(async () => {
          await limits.check(reply, 'register', request.ip, email);
          return service.register({
            email,
            password: values['password'] ?? '',
            lastName: values['last_name'] ?? '',
            firstName: values['first_name'] ?? '',
            lastNameKana: values['last_name_kana'] ?? '',
            firstNameKana: values['first_name_kana'] ?? '',
            birthDate,
          });
        });
        if (!result.ok) {
          const passwordProblem = result.status === 400;
          return sendHtml(
            reply,
            result.status,
            passwordProblem
              ? signUpForm(interaction, values, { password: result.message })
              : signUpForm(interaction, values, {}, result.message),
          );
        }
        const query = new URLSearchParams({
          registration: result.value.registrationId,
          ...(interaction === undefined ? {} : { interaction }),
        });
        return reply
          .code(303)
          .header('cache-control', 'no-store')
          .redirect(`${IdentityAccountPage.signUpConfirm}?${query}`);
      },
    );

    pages.get(
      IdentityAccountPage.signUpConfirm,
      { schema: { hide: true, querystring: pageQuery } },
      async (request, reply) => {
        const registration = request.query.registration ?? '';
        if (!uuidPattern.test(registration)) {
          return sendHtml(
            reply,
            400,
            errorPage('続けられません', '確認コードが無効です。はじめからやり直してください。'),
          );
        }
        return sendHtml(reply, 200, codePage(registration, request.query.interaction));
      },
    );

    pages.post(
      IdentityAccountPage.signUpConfirm,
      { schema: { hide: true, body: pageForm } },
      async (request, reply) => {
        if (forbiddenOrigin(request)) return refuse(reply);
        const registration = request.body['registration'] ?? '';
        const interaction = request.body['interaction'];
        const code = (request.body['code'] ?? '').trim();
        if (!uuidPattern.test(registration)) {
          return sendHtml(
            reply,
            400,
            errorPage('続けられません', '確認コードが無効です。はじめからやり直してください。'),
          );
        }
        if (!/^\d{6}$/.test(code)) {
          return sendHtml(
            reply,
            400,
            codePage(registration, interaction, { error: '6桁の確認コードを入力してください。' }),
          );
        }
        const result = await attempt(async () => {
          await limits.check(reply, 'register-confirm', request.ip, registration);
          return service.confirmRegistration(registration, code);
        });
        if (!result.ok) {
          return sendHtml(
            reply,
            result.status,
            codePage(registration, interaction, { error: result.message }),
          );
        }
        return sendHtml(reply, 200, signUpDonePage(result.value.accountNumber, backHref(interaction)));
      },
    );

    pages.post(
      `${IdentityAccountPage.signUpConfirm}/resend`,
      { schema: { hide: true, body: pageForm } },
      async (request, reply) => {
        if (forbiddenOrigin(request)) return refuse(reply);
        const registration = request.body['registration'] ?? '';
        const interaction = request.body['interaction'];
        if (!uuidPattern.test(registration)) {
          return sendHtml(
            reply,
            400,
            errorPage('続けられません', '確認コードが無効です。はじめからやり直してください。'),
          );
        }
        const result = await attempt(async () => {
          await limits.check(reply, 'register-resend', request.ip, registration);
          return service.resendRegistrationCode(registration);
        });
        return sendHtml(
          reply,
          result.ok ? 200 : result.status,
          codePage(
            registration,
            interaction,
            result.ok ? { notice: '確認コードを再送信しました。' } : { error: result.message },
          ),
        );
      },
    );

    // password reset pages
    const resetRequestForm = (
      interaction: string | undefined,
      login = '',
      error?: string,
      formError?: string,
    ) =>
      formPage({
        title: 'パスワードの再設定',
        intro:
          '口座番号またはご登録のメールアドレスを入力してください。ご登録のメールアドレスに確認コードをお送りします。',
        action: IdentityAccountPage.passwordReset,
        hidden: interaction === undefined ? {} : { interaction },
        fields: [
          {
            name: 'login',
            label: '口座番号またはメールアドレス',
            type: 'text',
            autocomplete: 'username',
            value: login,
            ...(error === undefined ? {} : { error }),
          },
        ],
        submitLabel: '確認コードを送信する',
        ...(formError === undefined ? {} : { formError }),
        backHref: backHref(interaction),
      });

    const resetConfirmForm = (
      resetId: string,
      interaction: string | undefined,
      fieldErrors: { code?: string; password?: string } = {},
      formError?: string,
    ) =>
      formPage({
        title: '新しいパスワードの設定',
        intro:
          'ご登録のメールアドレスに確認コードをお送りしました（ご登録がある場合）。確認コードと新しいパスワードを入力してください。',
        action: IdentityAccountPage.passwordResetConfirm,
        hidden: { request: resetId, ...(interaction === undefined ? {} : { interaction }) },
        fields: [
          {
            name: 'code',
            label: '確認コード',
            type: 'text',
            inputmode: 'numeric',
            autocomplete: 'one-time-code',
            hint: '6桁の数字',
            ...(fieldErrors.code === undefined ? {} : { error: fieldErrors.code }),
          },
          {
            name: 'password',
            label: '新しいパスワード',
            type: 'password',
            autocomplete: 'new-password',
            hint: `${passwordMinLength}〜${passwordMaxLength}文字。よく使われるパスワードは使えません`,
            ...(fieldErrors.password === undefined ? {} : { error: fieldErrors.password }),
          },
        ],
        submitLabel: 'パスワードを再設定する',
        ...(formError === undefined ? {} : { formError }),
        backHref: backHref(interaction),
      });

    pages.get(
      IdentityAccountPage.passwordReset,
      { schema: { hide: true, querystring: pageQuery } },
      async (request, reply) => sendHtml(reply, 200, resetRequestForm(request.query.interaction)),
    );

    pages.post(
      IdentityAccountPage.passwordReset,
      { schema: { hide: true, body: pageForm } },
      async (request, reply) => {
        if (forbiddenOrigin(request)) return refuse(reply);
        const interaction = request.body['interaction'];
        const login = (request.body['login'] ?? '').trim();
        if (login === '' || login.length > 254) {
          return sendHtml(
            reply,
            400,
            resetRequestForm(interaction, login, '口座番号またはメールアドレスを入力してください。'),
          );
        }
        const result = await attempt(async () => {
          await limits.check(reply, 'forgot', request.ip, login);
          return service.forgotPassword(login);
        });
        if (!result.ok)
          return sendHtml(
            reply,
            result.status,
            resetRequestForm(interaction, login, undefined, result.message),
          );
        const query = new URLSearchParams({
          request: result.value.resetId,
          ...(interaction === undefined ? {} : { interaction }),
        });
        return reply
          .code(303)
          .header('cache-control', 'no-store')
          .redirect(`${IdentityAccountPage.passwordResetConfirm}?${query}`);
      },
    );

    pages.get(
      IdentityAccountPage.passwordResetConfirm,
      { schema: { hide: true, querystring: pageQuery } },
      async (request, reply) => {
        const resetId = request.query.request ?? '';
        if (!uuidPattern.test(resetId)) {
          return sendHtml(
            reply,
            400,
            errorPage('続けられません', '確認コードが無効です。はじめからやり直してください。'),
          );
        }
        return sendHtml(reply, 200, resetConfirmForm(resetId, request.query.interaction));
      },
    );

    pages.post(
      IdentityAccountPage.passwordResetConfirm,
      { schema: { hide: true, body: pageForm } },
      async (request, reply) => {
        if (forbiddenOrigin(request)) return refuse(reply);
        const resetId = request.body['request'] ?? '';
        const interaction = request.body['interaction'];
        const code = (request.body['code'] ?? '').trim();
        const password = request.body['password'] ?? '';
        if (!uuidPattern.test(resetId)) {
          return sendHtml(
            reply,
            400,
            errorPage('続けられません', '確認コードが無効です。はじめからやり直してください。'),
          );
        }
        const fieldErrors: { code?: string; password?: string } = {};
        if (!/^\d{6}$/.test(code)) fieldErrors.code = '6桁の確認コードを入力してください。';
        if (password === '') fieldErrors.password = 'パスワードを入力してください。';
        if (Object.keys(fieldErrors).length > 0) {
          return sendHtml(reply, 400, resetConfirmForm(resetId, interaction, fieldErrors));
        }
        const result = await attempt(async () => {
          await limits.check(reply, 'reset-confirm', request.ip, resetId);
          await service.confirmPasswordReset(resetId, code, password);
        });
        if (!result.ok) {
          const isCode = result.message.includes('確認コード');
          return sendHtml(
            reply,
            result.status,
            result.status === 400
              ? resetConfirmForm(
                  resetId,
                  interaction,
                  isCode ? { code: result.message } : { password: result.message },
                )
              : resetConfirmForm(resetId, interaction, {}, result.message),
          );
        }
        return sendHtml(reply, 200, passwordResetDonePage(backHref(interaction)));
      },
    );
  });
};
