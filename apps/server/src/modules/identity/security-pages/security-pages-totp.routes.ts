import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mfaMessages } from '../authenticators/mfa.routes.ts';
import { attempt, codeField, form, sendHtml, type SecurityPagesContext } from './security-pages-context.ts';
import {
  accountFormPage,
  securityPagesPath,
  currentPasswordField,
  totpSecretMarkup,
} from './security-pages-views.ts';

/** Setting up the authenticator app (TOTP): the current password, then a first code from the app. */
export const securityPagesTotpRoutes: FastifyPluginAsyncZod<SecurityPagesContext> = async (
  pages,
  context,
) => {
  const { services, limiter, signedIn, reauthenticate, home } = context;

  const totpStartForm = (csrf: string, error?: string, formError?: string) =>
    accountFormPage({
      title: '認証アプリの設定',
      intro: 'ログインの際に、パスワードに加えて認証アプリの確認コードを入力するようになります。',
      action: `${securityPagesPath}/totp`,
      csrf,
      fields: [currentPasswordField(error)],
      submitLabel: '設定を始める',
      ...(formError === undefined ? {} : { formError }),
    });

  const totpCodeForm = (csrf: string, secret: string, otpauthUri: string, error?: string) =>
    accountFormPage({
      title: '認証アプリの設定',
      before: totpSecretMarkup(secret, otpauthUri),
      action: `${securityPagesPath}/totp/confirm`,
      csrf,
      hidden: { secret, otpauth_uri: otpauthUri },
      fields: [codeField(error, '認証アプリに表示された6桁の数字')],
      submitLabel: '設定を完了する',
    });

  pages.get(`${securityPagesPath}/totp`, { schema: { hide: true } }, async (request, reply) => {
    const session = await signedIn(request, reply);
    if (session === undefined) return reply;
    return sendHtml(reply, 200, totpStartForm(session.csrfToken));
  });

  pages.post(`${securityPagesPath}/totp`, { schema: { hide: true, body: form } }, async (request, reply) => {
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
    `${securityPagesPath}/totp/confirm`,
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
};
