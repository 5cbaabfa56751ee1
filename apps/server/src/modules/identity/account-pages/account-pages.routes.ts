import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import cookie from '@fastify/cookie';
import formBody from '@fastify/formbody';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import { AppError } from '../../../errors/app-error.ts';
import { listAccountSessions, revokeAccountSession } from '../account/account-sessions.repository.ts';
import { recentSignInEvents } from '../account/account.repository.ts';
import { accountMessages, AccountService } from '../account/account.service.ts';
import { errorPage } from '../interaction-pages.ts';
import { enableEmailOtpAndNotify } from '../authenticators/email-otp-enrolment.ts';
import { isEmailOtpEnabled } from '../authenticators/email-otp-setting.repository.ts';
import { requireCustomer } from '../authenticators/mfa-context.ts';
import type { MfaServices } from '../authenticators/mfa-services.ts';
import { mfaMessages } from '../authenticators/mfa.routes.ts';
import { passwordMaxLength, passwordMinLength } from '../password-policy.ts';
import { reauthenticate as reauthenticateCustomer } from '../reauthentication.ts';
import { AttemptLimiter, signInRateLimitWindowMs } from '../sign-in-rate-limiter.ts';
import { findCustomerProfile } from '../sign-in.repository.ts';
import {
  AccountPageSessions,
  csrfTokenMatches,
  type AccountPageSession,
} from './account-page-session.repository.ts';
import {
  accountPagesCallbackPath,
  accountPagesClientId,
  accountPagesSecrets,
} from './account-pages-secrets.ts';
import {
  accountFormPage,
  accountHomePage,
  accountPagesPath,
  confirmPage,
  currentPasswordField,
  passkeyRegistrationScriptPath,
  totpSecretMarkup,
  type AccountField,
} from './account-pages-views.ts';

export interface AccountPagesRoutesOptions {
  readonly provider: Provider;
  readonly services: MfaServices;
}

const sessionCookie = 'fund_account_session';
const loginCookie = 'fund_account_login';
/** The sign-in round trip (provider pages, second factor) must finish within the interaction's lifetime. */
const loginCookieSeconds = 10 * 60;
/** Sign-in events the page lists (newest first). */
const attemptsListed = 20;
/** Code checks per customer per rate-limit window, as the MFA API allows. */
const checksPerWindow = 10;

// the shared base64url helpers go in front: one response, one copy of the code (webauthn-base64url.js)
const passkeyScript =
  readFileSync(new URL('../webauthn-base64url.js', import.meta.url), 'utf8') +
  readFileSync(new URL('./passkey-registration.js', import.meta.url), 'utf8');

const form = z.record(z.string(), z.string().max(16_384));
const callbackQuery = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});
const passkeyParams = z.object({ id: z.uuid() });
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const messages = {
  passwordMissing: mfaMessages.passwordMissing,
  forbidden: 'この操作を続けられません。ページを再読み込みしてからやり直してください。',
  signInFailed: 'ログインを完了できませんでした。もう一度お試しください。',
} as const;

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

function seeOther(reply: FastifyReply, location: string): FastifyReply {
  return reply.code(303).header('cache-control', 'no-store').redirect(location);
}

type Outcome<T> = { ok: true; value: T } | { ok: false; status: number; message: string };

/** Runs a service call; its typed errors become a status and a message for the page. */
async function attempt<T>(run: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (error instanceof AppError && error.expose) {
      return { ok: false, status: error.statusCode, message: error.message };
    }
    throw error;
  }
}

/**
 * The identity service's own account pages under /auth/v1/account: sign-in history, sessions (and
 * ending them), password and email change, authenticator app, emailed codes and passkeys. The pages are
 * a client of the provider like any other (`fund-account`, code + PKCE, secret on the server): the
 * customer signs in through the normal pages, the callback keeps only a server-side session id in a
 * signed cookie. Every change needs the current password and is notified by the services it calls.
 */
export const accountPagesRoutes: FastifyPluginAsyncZod<AccountPagesRoutesOptions> = async (app, options) => {
  const { provider, services } = options;
  const { config } = app;
  const db = app.db.db;
  const secrets = accountPagesSecrets(config.identity, app.signingKeys);
  const secure = config.publicOrigin.startsWith('https:');
  const callbackUri = `${config.publicOrigin}${accountPagesCallbackPath}`;
  const sessions = new AccountPageSessions(db);
  const account = new AccountService({
    db,
    clock: app.realClock,
    mailer: app.mailer,
    emailOtp: services.emailOtp,
    lockThreshold: config.identity.lockThreshold,
    log: app.log,
  });
  const limiter = new AttemptLimiter({
    db: db,
    name: 'account-pages',
    limit: checksPerWindow,
    windowMs: signInRateLimitWindowMs,
    now: () => app.realClock.now().getTime(),
  });

  app.get(passkeyRegistrationScriptPath, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(passkeyScript),
  );

  await app.register(async (scope) => {
    await scope.register(cookie, { secret: secrets.cookieSecret });
    await scope.register(formBody, { bodyLimit: 32_768 });
    const pages = scope.withTypeProvider<ZodTypeProvider>();

    /** Without maxAge a browser-session cookie: the server-side idle expiry decides how long it counts. */
    const cookieOptions = (maxAge?: number) => ({
      path: accountPagesPath,
      httpOnly: true,
      secure,
      sameSite: 'lax' as const,
      signed: true,
      ...(maxAge === undefined ? {} : { maxAge }),
    });

    const signedCookie = (request: FastifyRequest, name: string): string | undefined => {
      const raw = request.cookies[name];
      if (raw === undefined) return undefined;
      const unsigned = request.unsignCookie(raw);
      return unsigned.valid && unsigned.value !== null ? unsigned.value : undefined;
    };

    const sessionOf = async (request: FastifyRequest): Promise<AccountPageSession | undefined> => {
      const id = signedCookie(request, sessionCookie);
      const session = id === undefined ? undefined : await sessions.touch(id);
      if (session === undefined) return undefined;
      // The provider may end the grant itself (RP-initiated logout, refresh-token reuse); the page
      // session lives only as long as its grant.
      if ((await provider.Grant.find(session.grantId)) === undefined) {
        await sessions.end(session.id);
        return undefined;
      }
      return session;
    };

    /** Sends the browser through the provider's sign-in for the `fund-account` client (code + PKCE). */
    const startSignIn = (reply: FastifyReply): FastifyReply => {
      const state = randomBytes(24).toString('base64url');
      const verifier = randomBytes(48).toString('base64url');
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      reply.setCookie(loginCookie, `${state}.${verifier}`, cookieOptions(loginCookieSeconds));
      const query = new URLSearchParams({
        client_id: accountPagesClientId,
        response_type: 'code',
        redirect_uri: callbackUri,
        scope: 'openid user.write',
        state,
        code_challenge: challenge,
        code_challenge_method: 'S256',
      });
      return seeOther(reply, `/oidc/auth?${query.toString()}`);
    };

    const forbidden = (reply: FastifyReply) =>
      sendHtml(reply, 403, errorPage('続けられません', messages.forbidden));

    /**
     * The signed-in session of a page view, or the answer already sent: a GET without a session starts
     * the sign-in; a POST without one, from another origin or without the session's CSRF token is refused.
     */
    const signedIn = async (
      request: FastifyRequest,
      reply: FastifyReply,
      csrf?: string,
    ): Promise<AccountPageSession | undefined> => {
      const session = await sessionOf(request);
      if (request.method === 'GET') {
        if (session === undefined) startSignIn(reply);
        return session;
      }
      const origin = request.headers.origin;
      if (session === undefined || (origin !== undefined && origin !== config.publicOrigin)) {
        forbidden(reply);
        return undefined;
      }
      if (!csrfTokenMatches(session, csrf)) {
        forbidden(reply);
        return undefined;
      }
      return session;
    };

    /** Recent authentication (security.md 18); a wrong password counts toward the sign-in lock. */
    const reauthenticate = async (
      customerId: string,
      password: string | undefined,
    ): Promise<string | undefined> => {
      if (password === undefined || password === '') return messages.passwordMissing;
      const result = await reauthenticateCustomer(
        db,
        customerId,
        { password },
        config.identity.lockThreshold,
        app.realClock.now(),
      );
      if (result === 'locked') return mfaMessages.locked;
      if (result === 'wrong') return mfaMessages.passwordWrong;
      return undefined;
    };

    const home = async (session: AccountPageSession, notice?: string): Promise<string> => {
      const profile = await findCustomerProfile(db, session.customerId);
      const [sessionRows, attempts, passkeys, totp, emailOtp] = await Promise.all([
        listAccountSessions(db, session.customerId, app.realClock.now()),
        recentSignInEvents(db, session.customerId, attemptsListed),
        services.webauthn.list(session.customerId),
        services.totp.status(session.customerId),
        isEmailOtpEnabled(db, session.customerId),
      ]);
      return accountHomePage({
        csrf: session.csrfToken,
        accountNumber: profile?.accountNumber ?? '',
        email: profile?.email ?? '',
        currentGrantId: session.grantId,
        sessions: sessionRows,
        attempts,
        passkeys,
        totp,
        emailOtp,
        ...(notice === undefined ? {} : { notice }),
      });
    };

    // --- sign-in round trip ---------------------------------------------------------------------------
    pages.get(accountPagesPath, { schema: { hide: true } }, async (request, reply) => {
      const session = await signedIn(request, reply);
      if (session === undefined) return reply;
      return sendHtml(reply, 200, await home(session));
    });

    pages.get(
      accountPagesCallbackPath,
      { schema: { hide: true, querystring: callbackQuery } },
      async (request, reply) => {
        const saved = signedCookie(request, loginCookie);
        reply.clearCookie(loginCookie, { path: accountPagesPath });
        const [state, verifier] = (saved ?? '').split('.');
        const { code } = request.query;
        if (
          code === undefined ||
          state === undefined ||
          verifier === undefined ||
          request.query.state !== state
        ) {
          return sendHtml(reply, 400, errorPage('ログインを続けられません', messages.signInFailed));
        }
        // The code's grant identifies the session this page session belongs to (ending it ends both).
        const issued = await provider.AuthorizationCode.find(code);
        const grantId = issued?.grantId;
        const accountId = issued?.accountId;
        if (issued?.clientId !== accountPagesClientId || grantId === undefined || accountId === undefined) {
          return sendHtml(reply, 400, errorPage('ログインを続けられません', messages.signInFailed));
        }
        // The exchange goes through the token endpoint like any client's: PKCE, client secret, single use.
        const basic = Buffer.from(
          `${encodeURIComponent(accountPagesClientId)}:${encodeURIComponent(secrets.clientSecret)}`,
        ).toString('base64');
        const exchanged = await app.inject({
          method: 'POST',
          url: '/oidc/token',
          headers: {
            host: new URL(config.publicOrigin).host,
            ...(secure ? { 'x-forwarded-proto': 'https' } : {}),
            authorization: `Basic ${basic}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          payload: new URLSearchParams({
            grant_type: 'authorization_code',
            code,
            redirect_uri: callbackUri,
            code_verifier: verifier,
          }).toString(),
        });
        if (exchanged.statusCode !== 200) {
          request.log.warn({ status: exchanged.statusCode }, 'Account pages: code exchange refused');
          return sendHtml(reply, 400, errorPage('ログインを続けられません', messages.signInFailed));
        }
        const session = await sessions.create(accountId, grantId);
        reply.setCookie(sessionCookie, session.id, cookieOptions());
        return seeOther(reply, accountPagesPath);
      },
    );

    pages.post(
      `${accountPagesPath}/sign-out`,
      { schema: { hide: true, body: form } },
      async (request, reply) => {
        const session = await signedIn(request, reply, request.body['csrf']);
        if (session === undefined) return reply;
        await revokeAccountSession(db, session.customerId, session.grantId);
        await sessions.end(session.id);
        reply.clearCookie(sessionCookie, { path: accountPagesPath });
        // The provider's own sign-in session ends too (RP-initiated logout, with its confirmation page):
        // otherwise opening the account pages again would sign the next person in without a prompt.
        const query = new URLSearchParams({ client_id: accountPagesClientId });
        return seeOther(reply, `/oidc/session/end?${query.toString()}`);
      },
    );

    // --- sessions ------------------------------------------------------------------------------------
    pages.post(
      `${accountPagesPath}/sessions/end`,
      { schema: { hide: true, body: form } },
      async (request, reply) => {
        const session = await signedIn(request, reply, request.body['csrf']);
        if (session === undefined) return reply;
        const grantId = request.body['session_id'] ?? '';
        const ended = await revokeAccountSession(db, session.customerId, grantId);
        if (grantId === session.grantId) {
          reply.clearCookie(sessionCookie, { path: accountPagesPath });
          return sendHtml(
            reply,
            200,
            confirmPage('ログアウトしました', 'お客さま情報・セキュリティ設定からログアウトしました。'),
          );
        }
        return sendHtml(
          reply,
          ended ? 200 : 404,
          await home(session, ended ? 'セッションを終了しました。' : 'セッションが見つかりません。'),
        );
      },
    );

    // --- password -------------------------------------------------------------------------------------
    const passwordForm = (
      csrf: string,
      errors: { current?: string; next?: string } = {},
      formError?: string,
    ) =>
      accountFormPage({
        title: 'パスワードの変更',
        action: `${accountPagesPath}/password`,
        csrf,
        fields: [
          currentPasswordField(errors.current),
          {
            name: 'new_password',
            label: '新しいパスワード',
            type: 'password',
            autocomplete: 'new-password',
            hint: `${passwordMinLength}〜${passwordMaxLength}文字。よく使われるパスワードは使えません`,
            ...(errors.next === undefined ? {} : { error: errors.next }),
          },
        ],
        submitLabel: 'パスワードを変更する',
        ...(formError === undefined ? {} : { formError }),
      });

    pages.get(`${accountPagesPath}/password`, { schema: { hide: true } }, async (request, reply) => {
      const session = await signedIn(request, reply);
      if (session === undefined) return reply;
      return sendHtml(reply, 200, passwordForm(session.csrfToken));
    });

    pages.post(
      `${accountPagesPath}/password`,
      { schema: { hide: true, body: form } },
      async (request, reply) => {
        const session = await signedIn(request, reply, request.body['csrf']);
        if (session === undefined) return reply;
        const current = request.body['current_password'] ?? '';
        const next = request.body['new_password'] ?? '';
        const errors: { current?: string; next?: string } = {};
        if (current === '') errors.current = messages.passwordMissing;
        if (next === '') errors.next = '新しいパスワードを入力してください。';
        if (Object.keys(errors).length > 0) {
          return sendHtml(reply, 400, passwordForm(session.csrfToken, errors));
        }
        const result = await attempt(() =>
          account.changePassword(session.customerId, { password: current }, next),
        );
        if (!result.ok) {
          return sendHtml(
            reply,
            result.status,
            // The service answers 400 both for a wrong current password and for a weak new one.
            result.status === 400 && result.message !== accountMessages.currentPasswordWrong
              ? passwordForm(session.csrfToken, { next: result.message })
              : passwordForm(session.csrfToken, { current: result.message }),
          );
        }
        return sendHtml(reply, 200, await home(session, 'パスワードを変更しました。'));
      },
    );

    // --- email ----------------------------------------------------------------------------------------
    const emailForm = (
      csrf: string,
      values: { email?: string } = {},
      errors: { current?: string; email?: string } = {},
    ) =>
      accountFormPage({
        title: 'メールアドレスの変更',
        intro: '新しいメールアドレスに確認コードをお送りします。',
        action: `${accountPagesPath}/email`,
        csrf,
        fields: [
          currentPasswordField(errors.current),
          {
            name: 'new_email',
            label: '新しいメールアドレス',
            type: 'email',
            autocomplete: 'email',
            value: values.email ?? '',
            ...(errors.email === undefined ? {} : { error: errors.email }),
          },
        ],
        submitLabel: '確認コードを送信する',
      });

    const emailCodeForm = (csrf: string, changeId: string, email: string, error?: string) =>
      accountFormPage({
        title: '確認コードの入力',
        intro: `${email} にお送りした6桁の確認コードを入力してください。有効期限は10分です。`,
        action: `${accountPagesPath}/email/confirm`,
        csrf,
        hidden: { change_id: changeId, new_email: email },
        fields: [codeField(error)],
        submitLabel: 'メールアドレスを変更する',
      });

    pages.get(`${accountPagesPath}/email`, { schema: { hide: true } }, async (request, reply) => {
      const session = await signedIn(request, reply);
      if (session === undefined) return reply;
      return sendHtml(reply, 200, emailForm(session.csrfToken));
    });

    pages.post(
      `${accountPagesPath}/email`,
      { schema: { hide: true, body: form } },
      async (request, reply) => {
        const session = await signedIn(request, reply, request.body['csrf']);
        if (session === undefined) return reply;
        const current = request.body['current_password'] ?? '';
        const email = (request.body['new_email'] ?? '').trim();
        const errors: { current?: string; email?: string } = {};
        if (current === '') errors.current = messages.passwordMissing;
        if (!emailPattern.test(email) || email.length > 254) {
          errors.email = 'メールアドレスを正しく入力してください。';
        }
        if (Object.keys(errors).length > 0) {
          return sendHtml(reply, 400, emailForm(session.csrfToken, { email }, errors));
        }
        const result = await attempt(() =>
          account.startEmailChange(session.customerId, { password: current }, email),
        );
        if (!result.ok) {
          return sendHtml(
            reply,
            result.status,
            emailForm(session.csrfToken, { email }, { current: result.message }),
          );
        }
        return sendHtml(reply, 200, emailCodeForm(session.csrfToken, result.value.changeId, email));
      },
    );

    pages.post(
      `${accountPagesPath}/email/confirm`,
      { schema: { hide: true, body: form } },
      async (request, reply) => {
        const session = await signedIn(request, reply, request.body['csrf']);
        if (session === undefined) return reply;
        const changeId = request.body['change_id'] ?? '';
        const email = request.body['new_email'] ?? '';
        const code = (request.body['code'] ?? '').trim();
        if (!/^\d{6}$/.test(code)) {
          return sendHtml(
            reply,
            400,
            emailCodeForm(session.csrfToken, changeId, email, '6桁の確認コードを入力してください。'),
          );
        }
        if (!(await limiter.hit(`email-change:${session.customerId}`)).allowed) {
          return sendHtml(
            reply,
            429,
            emailCodeForm(session.csrfToken, changeId, email, mfaMessages.tooManyAttempts),
          );
        }
        const result = await attempt(() => account.confirmEmailChange(session.customerId, changeId, code));
        if (!result.ok) {
          return sendHtml(
            reply,
            result.status,
            emailCodeForm(session.csrfToken, changeId, email, result.message),
          );
        }
        return sendHtml(reply, 200, await home(session, 'メールアドレスを変更しました。'));
      },
    );

    // --- authenticator app (TOTP) ------------------------------------------------------------------------
    const totpStartForm = (csrf: string, error?: string, formError?: string) =>
      accountFormPage({
        title: '認証アプリの設定',
        intro: 'ログインの際に、パスワードに加えて認証アプリの確認コードを入力するようになります。',
        action: `${accountPagesPath}/totp`,
        csrf,
        fields: [currentPasswordField(error)],
        submitLabel: '設定を始める',
        ...(formError === undefined ? {} : { formError }),
      });

    const totpCodeForm = (csrf: string, secret: string, otpauthUri: string, error?: string) =>
      accountFormPage({
        title: '認証アプリの設定',
        before: totpSecretMarkup(secret, otpauthUri),
        action: `${accountPagesPath}/totp/confirm`,
        csrf,
        hidden: { secret, otpauth_uri: otpauthUri },
        fields: [codeField(error, '認証アプリに表示された6桁の数字')],
        submitLabel: '設定を完了する',
      });

    pages.get(`${accountPagesPath}/totp`, { schema: { hide: true } }, async (request, reply) => {
      const session = await signedIn(request, reply);
      if (session === undefined) return reply;
      return sendHtml(reply, 200, totpStartForm(session.csrfToken));
    });

    pages.post(`${accountPagesPath}/totp`, { schema: { hide: true, body: form } }, async (request, reply) => {
      const session = await signedIn(request, reply, request.body['csrf']);
      if (session === undefined) return reply;
      const refused = await reauthenticate(session.customerId, request.body['current_password']);
      if (refused !== undefined) {
        return sendHtml(
          reply,
          refused === mfaMessages.locked ? 403 : 401,
          totpStartForm(session.csrfToken, refused),
        );
      }
      const result = await attempt(() => services.totp.beginEnrolment(session.customerId));
      if (!result.ok) {
        return sendHtml(reply, result.status, totpStartForm(session.csrfToken, undefined, result.message));
      }
      return sendHtml(
        reply,
        200,
        totpCodeForm(session.csrfToken, result.value.secret, result.value.otpauthUri),
      );
    });

    pages.post(
      `${accountPagesPath}/totp/confirm`,
      { schema: { hide: true, body: form } },
      async (request, reply) => {
        const session = await signedIn(request, reply, request.body['csrf']);
        if (session === undefined) return reply;
        // Only shown again to the customer who started the enrolment; the secret is checked by the service.
        const secret = request.body['secret'] ?? '';
        const otpauthUri = request.body['otpauth_uri'] ?? '';
        const code = (request.body['code'] ?? '').trim();
        const again = (status: number, error: string) =>
          sendHtml(reply, status, totpCodeForm(session.csrfToken, secret, otpauthUri, error));
        if (!/^\d{6}$/.test(code)) return again(400, '6桁の確認コードを入力してください。');
        if (!(await limiter.hit(`totp:${session.customerId}`)).allowed)
          return again(429, mfaMessages.tooManyAttempts);
        const result = await attempt(() => services.totp.confirmEnrolment(session.customerId, code));
        if (!result.ok) return again(result.status, result.message);
        if (!result.value) return again(400, mfaMessages.codeWrong);
        return sendHtml(reply, 200, await home(session, '認証アプリを設定しました。'));
      },
    );

    // --- emailed codes ----------------------------------------------------------------------------------
    const emailOtpAttempt = (customerId: string) => `otp-email-setup:${customerId}`;
    const emailOtpStartForm = (csrf: string, error?: string, formError?: string) =>
      accountFormPage({
        title: 'メールによる確認コードの設定',
        intro: 'ログインの際に、ご登録のメールアドレスにお送りする確認コードの入力を求めるようになります。',
        action: `${accountPagesPath}/email-otp`,
        csrf,
        fields: [currentPasswordField(error)],
        submitLabel: '確認コードを送信する',
        ...(formError === undefined ? {} : { formError }),
      });
    const emailOtpCodeForm = (csrf: string, error?: string) =>
      accountFormPage({
        title: 'メールによる確認コードの設定',
        intro: 'ご登録のメールアドレスにお送りした6桁の確認コードを入力してください。',
        action: `${accountPagesPath}/email-otp/confirm`,
        csrf,
        fields: [codeField(error)],
        submitLabel: '設定を完了する',
      });

    pages.get(`${accountPagesPath}/email-otp`, { schema: { hide: true } }, async (request, reply) => {
      const session = await signedIn(request, reply);
      if (session === undefined) return reply;
      return sendHtml(reply, 200, emailOtpStartForm(session.csrfToken));
    });

    pages.post(
      `${accountPagesPath}/email-otp`,
      { schema: { hide: true, body: form } },
      async (request, reply) => {
        const session = await signedIn(request, reply, request.body['csrf']);
        if (session === undefined) return reply;
        const customerId = session.customerId;
        if (!(await limiter.hit(`otp-email-send:${customerId}`)).allowed) {
          return sendHtml(
            reply,
            429,
            emailOtpStartForm(session.csrfToken, undefined, mfaMessages.tooManyAttempts),
          );
        }
        const refused = await reauthenticate(customerId, request.body['current_password']);
        if (refused !== undefined) {
          return sendHtml(
            reply,
            refused === mfaMessages.locked ? 403 : 401,
            emailOtpStartForm(session.csrfToken, refused),
          );
        }
        if (await isEmailOtpEnabled(db, customerId)) {
          return sendHtml(
            reply,
            409,
            emailOtpStartForm(session.csrfToken, undefined, mfaMessages.emailOtpAlreadyEnabled),
          );
        }
        const customer = await requireCustomer(db, customerId);
        await services.emailOtp.issue({
          purpose: 'mfa_setup',
          attemptId: emailOtpAttempt(customerId),
          email: customer.email,
          customerId,
        });
        return sendHtml(reply, 200, emailOtpCodeForm(session.csrfToken));
      },
    );

    pages.post(
      `${accountPagesPath}/email-otp/confirm`,
      { schema: { hide: true, body: form } },
      async (request, reply) => {
        const session = await signedIn(request, reply, request.body['csrf']);
        if (session === undefined) return reply;
        const customerId = session.customerId;
        const code = (request.body['code'] ?? '').trim();
        if (!/^\d{6}$/.test(code)) {
          return sendHtml(
            reply,
            400,
            emailOtpCodeForm(session.csrfToken, '6桁の確認コードを入力してください。'),
          );
        }
        if (!(await limiter.hit(`otp-email:${customerId}`)).allowed) {
          return sendHtml(reply, 429, emailOtpCodeForm(session.csrfToken, mfaMessages.tooManyAttempts));
        }
        const checked = await services.emailOtp.check({
          purpose: 'mfa_setup',
          attemptId: emailOtpAttempt(customerId),
          code,
        });
        if (!checked.ok || checked.customerId !== customerId) {
          return sendHtml(reply, 400, emailOtpCodeForm(session.csrfToken, mfaMessages.codeWrong));
        }
        await enableEmailOtpAndNotify({ db, clock: app.realClock, mailer: app.mailer }, customerId);
        return sendHtml(reply, 200, await home(session, 'メールによる確認コードを設定しました。'));
      },
    );

    // --- passkeys ---------------------------------------------------------------------------------------
    const passkeyAttempt = (customerId: string) => `webauthn-setup:${customerId}`;
    const passkeyForm = (
      csrf: string,
      errors: { current?: string; name?: string } = {},
      formError?: string,
    ) =>
      accountFormPage({
        title: 'パスキーの追加',
        intro: 'この端末の指紋・顔認証や画面ロックでログインできるようになります。',
        action: `${accountPagesPath}/passkeys`,
        csrf,
        fields: [
          currentPasswordField(errors.current),
          {
            name: 'name',
            label: 'パスキーの名前（任意）',
            type: 'text',
            autocomplete: 'off',
            hint: '例: 自宅のパソコン',
            optional: true,
            ...(errors.name === undefined ? {} : { error: errors.name }),
          },
        ],
        submitLabel: 'パスキーを登録する',
        passkey: { optionsUrl: `${accountPagesPath}/passkeys/options` },
        ...(formError === undefined ? {} : { formError }),
      });

    pages.get(`${accountPagesPath}/passkeys/new`, { schema: { hide: true } }, async (request, reply) => {
      const session = await signedIn(request, reply);
      if (session === undefined) return reply;
      return sendHtml(reply, 200, passkeyForm(session.csrfToken));
    });

    pages.post(`${accountPagesPath}/passkeys/options`, { schema: { hide: true } }, async (request, reply) => {
      const header = request.headers['x-csrf-token'];
      const session = await signedIn(request, reply, typeof header === 'string' ? header : undefined);
      if (session === undefined) return reply;
      const options = await services.webauthn.registrationOptions({
        customerId: session.customerId,
        attemptId: passkeyAttempt(session.customerId),
      });
      return reply.header('cache-control', 'no-store').send(options);
    });

    pages.post(
      `${accountPagesPath}/passkeys`,
      { schema: { hide: true, body: form } },
      async (request, reply) => {
        const session = await signedIn(request, reply, request.body['csrf']);
        if (session === undefined) return reply;
        const name = (request.body['name'] ?? '').trim();
        if (name.length > 64) {
          return sendHtml(
            reply,
            400,
            passkeyForm(session.csrfToken, { name: '64文字以内で入力してください。' }),
          );
        }
        const refused = await reauthenticate(session.customerId, request.body['current_password']);
        if (refused !== undefined) {
          return sendHtml(
            reply,
            refused === mfaMessages.locked ? 403 : 401,
            passkeyForm(session.csrfToken, { current: refused }),
          );
        }
        let credential: unknown;
        try {
          credential = JSON.parse(request.body['credential'] ?? '');
        } catch {
          credential = undefined;
        }
        if (typeof credential !== 'object' || credential === null) {
          return sendHtml(reply, 400, passkeyForm(session.csrfToken, {}, mfaMessages.passkeyFailed));
        }
        if (!(await limiter.hit(`webauthn:${session.customerId}`)).allowed) {
          return sendHtml(reply, 429, passkeyForm(session.csrfToken, {}, mfaMessages.tooManyAttempts));
        }
        const result = await services.webauthn.verifyRegistration({
          customerId: session.customerId,
          attemptId: passkeyAttempt(session.customerId),
          response: credential as RegistrationResponseJSON,
          name: name === '' ? undefined : name,
        });
        if (!result.ok) {
          const message =
            result.reason === 'duplicate' ? mfaMessages.passkeyDuplicate : mfaMessages.passkeyFailed;
          return sendHtml(
            reply,
            result.reason === 'duplicate' ? 409 : 400,
            passkeyForm(session.csrfToken, {}, message),
          );
        }
        return sendHtml(
          reply,
          200,
          await home(session, `パスキー「${result.passkey.name}」を登録しました。`),
        );
      },
    );

    const deleteForm = (csrf: string, id: string, name: string, error?: string) =>
      accountFormPage({
        title: 'パスキーの削除',
        intro: `パスキー「${name}」を削除します。削除したパスキーではログインできなくなります。`,
        action: `${accountPagesPath}/passkeys/${id}/delete`,
        csrf,
        fields: [currentPasswordField(error)],
        submitLabel: '削除する',
      });

    const passkeyName = async (customerId: string, id: string): Promise<string | undefined> =>
      (await services.webauthn.list(customerId)).find((passkey) => passkey.id === id)?.name;

    pages.get(
      `${accountPagesPath}/passkeys/:id/delete`,
      { schema: { hide: true, params: passkeyParams } },
      async (request, reply) => {
        const session = await signedIn(request, reply);
        if (session === undefined) return reply;
        const name = await passkeyName(session.customerId, request.params.id);
        if (name === undefined) return sendHtml(reply, 404, await home(session, mfaMessages.passkeyNotFound));
        return sendHtml(reply, 200, deleteForm(session.csrfToken, request.params.id, name));
      },
    );

    pages.post(
      `${accountPagesPath}/passkeys/:id/delete`,
      { schema: { hide: true, params: passkeyParams, body: form } },
      async (request, reply) => {
        const session = await signedIn(request, reply, request.body['csrf']);
        if (session === undefined) return reply;
        const id = request.params.id;
        const name = await passkeyName(session.customerId, id);
        if (name === undefined) return sendHtml(reply, 404, await home(session, mfaMessages.passkeyNotFound));
        const refused = await reauthenticate(session.customerId, request.body['current_password']);
        if (refused !== undefined) {
          return sendHtml(
            reply,
            refused === mfaMessages.locked ? 403 : 401,
            deleteForm(session.csrfToken, id, name, refused),
          );
        }
        if (!(await services.webauthn.delete(session.customerId, id))) {
          return sendHtml(reply, 404, await home(session, mfaMessages.passkeyNotFound));
        }
        return sendHtml(reply, 200, await home(session, `パスキー「${name}」を削除しました。`));
      },
    );
  });
};

function codeField(error: string | undefined, hint = '6桁の数字'): AccountField {
  return {
    name: 'code',
    label: '確認コード',
    type: 'text',
    inputmode: 'numeric',
    autocomplete: 'one-time-code',
    hint,
    ...(error === undefined ? {} : { error }),
  };
}
