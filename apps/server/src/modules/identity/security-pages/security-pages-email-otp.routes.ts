import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enableEmailOtpAndNotify } from '../authenticators/email-otp-enrolment.ts';
import { isEmailOtpEnabled } from '../authenticators/email-otp-setting.repository.ts';
import { requireCustomer } from '../authenticators/mfa-context.ts';
import { mfaMessages } from '../authenticators/mfa.routes.ts';
import { codeField, form, sendHtml, type SecurityPagesContext } from './security-pages-context.ts';
import { accountFormPage, securityPagesPath, currentPasswordField } from './security-pages-views.ts';

/** Turning on emailed codes: the current password, then the code sent to the registered address. */
export const securityPagesEmailOtpRoutes: FastifyPluginAsyncZod<SecurityPagesContext> = async (
  pages,
  context,
) => {
  const { services, limiter, signedIn, reauthenticate, home } = context;
  const db = pages.db.db;

  const emailOtpAttempt = (customerId: string) => `otp-email-setup:${customerId}`;
  const emailOtpStartForm = (csrf: string, error?: string, formError?: string) =>
    accountFormPage({
      title: 'メールによる確認コードの設定',
      intro: 'ログインの際に、ご登録のメールアドレスにお送りする確認コードの入力を求めるようになります。',
      action: `${securityPagesPath}/email-otp`,
      csrf,
      fields: [currentPasswordField(error)],
      submitLabel: '確認コードを送信する',
      ...(formError === undefined ? {} : { formError }),
    });
  const emailOtpCodeForm = (csrf: string, error?: string) =>
    accountFormPage({
      title: 'メールによる確認コードの設定',
      intro: 'ご登録のメールアドレスにお送りした6桁の確認コードを入力してください。',
      action: `${securityPagesPath}/email-otp/confirm`,
      csrf,
      fields: [codeField(error)],
      submitLabel: '設定を完了する',
    });

  pages.get(`${securityPagesPath}/email-otp`, { schema: { hide: true } }, async (request, reply) => {
    const session = await signedIn(request, reply);
    if (session === undefined) return reply;
    return sendHtml(reply, 200, emailOtpStartForm(session.csrfToken));
  });

  pages.post(
    `${securityPagesPath}/email-otp`,
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
    `${securityPagesPath}/email-otp/confirm`,
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
      await enableEmailOtpAndNotify({ db, clock: pages.realClock, mailer: pages.mailer }, customerId);
      return sendHtml(reply, 200, await home(session, 'メールによる確認コードを設定しました。'));
    },
  );
};
