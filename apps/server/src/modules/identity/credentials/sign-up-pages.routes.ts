import { IdentityAccountPage } from '@fund/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { type FormField } from '../form-fields.ts';
import { buttonForm, formPage, signUpDonePage } from './credentials-pages.ts';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The sign-up pages linked from the sign-in page: the form, the mailed code, sending it again. */
export const signUpPageRoutes: FastifyPluginAsyncZod<CredentialsRoutesOptions> = async (pages, options) => {
  const { service, limits } = options;
  const { publicOrigin } = pages.config;

  const signUpFields = (values: Record<string, string>, fieldErrors: Record<string, string>): FormField[] =>
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
      if (forbiddenOrigin(request, publicOrigin)) return refuse(reply);
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
      return seeConfirmation(
        reply,
        IdentityAccountPage.signUpConfirm,
        'registration',
        result.value.registrationId,
        interaction,
      );
    },
  );

  confirmationPage(pages, IdentityAccountPage.signUpConfirm, 'registration', (registration, interaction) =>
    codePage(registration, interaction),
  );

  pages.post(
    IdentityAccountPage.signUpConfirm,
    { schema: { hide: true, body: pageForm } },
    async (request, reply) => {
      if (forbiddenOrigin(request, publicOrigin)) return refuse(reply);
      const registration = request.body['registration'] ?? '';
      const interaction = request.body['interaction'];
      const code = (request.body['code'] ?? '').trim();
      if (!uuidPattern.test(registration)) return invalidCode(reply);
      if (!/^\d{6}$/.test(code)) {
        return sendHtml(
          reply,
          400,
          codePage(registration, interaction, { error: '6桁の確認コードを入力してください。' }),
        );
      }
      const result = await attempt(async () => {
        return limits.checkSecret(reply, 'register-confirm', request.ip, registration, () =>
          service.confirmRegistration(registration, code),
        );
      });
      if (!result.ok) {
        return sendHtml(reply, result.status, codePage(registration, interaction, { error: result.message }));
      }
      return sendHtml(reply, 200, signUpDonePage(result.value.accountNumber, backHref(interaction)));
    },
  );

  pages.post(
    `${IdentityAccountPage.signUpConfirm}/resend`,
    { schema: { hide: true, body: pageForm } },
    async (request, reply) => {
      if (forbiddenOrigin(request, publicOrigin)) return refuse(reply);
      const registration = request.body['registration'] ?? '';
      const interaction = request.body['interaction'];
      if (!uuidPattern.test(registration)) return invalidCode(reply);
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
};
