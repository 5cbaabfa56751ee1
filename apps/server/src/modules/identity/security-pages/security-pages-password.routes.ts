import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { credentialsMessages } from '../credentials/credentials.service.ts';
import { passwordMaxLength, passwordMinLength } from '../password-policy.ts';
import { attempt, form, messages, sendHtml, type SecurityPagesContext } from './security-pages-context.ts';
import { accountFormPage, securityPagesPath, currentPasswordField } from './security-pages-views.ts';

/** Changing the password (the current one first). */
export const securityPagesPasswordRoutes: FastifyPluginAsyncZod<SecurityPagesContext> = async (
  pages,
  context,
) => {
  const { account, signedIn, home } = context;

  const passwordForm = (csrf: string, errors: { current?: string; next?: string } = {}, formError?: string) =>
    accountFormPage({
      title: 'パスワードの変更',
      action: `${securityPagesPath}/password`,
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

  pages.get(`${securityPagesPath}/password`, { schema: { hide: true } }, async (request, reply) => {
    const session = await signedIn(request, reply);
    if (session === undefined) return reply;
    return sendHtml(reply, 200, passwordForm(session.csrfToken));
  });

  pages.post(
    `${securityPagesPath}/password`,
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
          result.status === 400 && result.message !== credentialsMessages.currentPasswordWrong
            ? passwordForm(session.csrfToken, { next: result.message })
            : passwordForm(session.csrfToken, { current: result.message }),
        );
      }
      return sendHtml(reply, 200, await home(session, 'パスワードを変更しました。'));
    },
  );
};
