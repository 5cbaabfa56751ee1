import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mfaMessages } from '../authenticators/mfa.routes.ts';
import {
  attempt,
  codeField,
  form,
  messages,
  sendHtml,
  type SecurityPagesContext,
} from './security-pages-context.ts';
import { accountFormPage, securityPagesPath, currentPasswordField } from './security-pages-views.ts';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Changing the email address: the current password, then the code sent to the new address. */
export const securityPagesEmailRoutes: FastifyPluginAsyncZod<SecurityPagesContext> = async (
  pages,
  context,
) => {
  const { account, limiter, signedIn, home } = context;

  const emailForm = (
    csrf: string,
    values: { email?: string } = {},
    errors: { current?: string; email?: string } = {},
  ) =>
    accountFormPage({
      title: 'メールアドレスの変更',
      intro: '新しいメールアドレスに確認コードをお送りします。',
      action: `${securityPagesPath}/email`,
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
      action: `${securityPagesPath}/email/confirm`,
      csrf,
      hidden: { change_id: changeId, new_email: email },
      fields: [codeField(error)],
      submitLabel: 'メールアドレスを変更する',
    });

  pages.get(`${securityPagesPath}/email`, { schema: { hide: true } }, async (request, reply) => {
    const session = await signedIn(request, reply);
    if (session === undefined) return reply;
    return sendHtml(reply, 200, emailForm(session.csrfToken));
  });

  pages.post(`${securityPagesPath}/email`, { schema: { hide: true, body: form } }, async (request, reply) => {
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
  });

  pages.post(
    `${securityPagesPath}/email/confirm`,
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
};
