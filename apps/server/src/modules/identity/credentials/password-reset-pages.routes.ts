import { IdentityAccountPage } from '@fund/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uuidPattern } from '../../../shared/uuid.ts';
import { passwordMaxLength, passwordMinLength } from '../password-policy.ts';
import type { CredentialsRoutesOptions } from './credentials-api.ts';
import {
  attempt,
  backHref,
  confirmationPage,
  forbiddenOrigin,
  invalidCode,
  pageForm,
  pageQuery,
  refuse,
  seeConfirmation,
  sendHtml,
} from './credentials-page-routing.ts';
import { formPage, passwordResetDonePage } from './credentials-pages.ts';

/** The password-reset pages linked from the sign-in page: the 口座番号 or address, then code and password. */
export const passwordResetPageRoutes: FastifyPluginAsyncZod<CredentialsRoutesOptions> = async (
  pages,
  options,
) => {
  const { service, limits } = options;
  const { publicOrigin } = pages.config;

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
      if (forbiddenOrigin(request, publicOrigin)) return refuse(reply);
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
      return seeConfirmation(
        reply,
        IdentityAccountPage.passwordResetConfirm,
        'request',
        result.value.resetId,
        interaction,
      );
    },
  );

  confirmationPage(pages, IdentityAccountPage.passwordResetConfirm, 'request', (resetId, interaction) =>
    resetConfirmForm(resetId, interaction),
  );

  pages.post(
    IdentityAccountPage.passwordResetConfirm,
    { schema: { hide: true, body: pageForm } },
    async (request, reply) => {
      if (forbiddenOrigin(request, publicOrigin)) return refuse(reply);
      const resetId = request.body['request'] ?? '';
      const interaction = request.body['interaction'];
      const code = (request.body['code'] ?? '').trim();
      const password = request.body['password'] ?? '';
      if (!uuidPattern.test(resetId)) return invalidCode(reply);
      const fieldErrors: { code?: string; password?: string } = {};
      if (!/^\d{6}$/.test(code)) fieldErrors.code = '6桁の確認コードを入力してください。';
      if (password === '') fieldErrors.password = 'パスワードを入力してください。';
      if (Object.keys(fieldErrors).length > 0) {
        return sendHtml(reply, 400, resetConfirmForm(resetId, interaction, fieldErrors));
      }
      const result = await attempt(async () => {
        await limits.checkSecret(reply, 'reset-confirm', request.ip, resetId, () =>
          service.confirmPasswordReset(resetId, code, password),
        );
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
};
