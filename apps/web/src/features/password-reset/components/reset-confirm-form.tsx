import { passwordConfirmBodySchema } from '@fund/contracts';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/button/button';
import { Field, TextInput } from '../../../components/ui';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { usePasswordConfirm, usePasswordForgot } from '../api/password-reset-calls';
import { resetRefusalOf } from '../reset-password-errors';
import type { ResetStarted } from './reset-request-form';

/** The identity service's policy (password-policy.ts): 8 to 128 characters, then its own checks. */
const passwordMinLength = 8;
const passwordMaxLength = 128;

// the contract's fields with a customer's messages, and a second entry of the password (UI only)
const confirmFormSchema = passwordConfirmBodySchema
  .omit({ resetId: true })
  .extend({
    code: z
      .string()
      .trim()
      .min(1, '確認コードを入力してください')
      .regex(/^\d{6}$/, '確認コードは6桁の数字で入力してください'),
    newPassword: z
      .string()
      .min(1, '新しいパスワードを入力してください')
      .min(passwordMinLength, `パスワードは${passwordMinLength}文字以上で入力してください`)
      .max(passwordMaxLength, `パスワードは${passwordMaxLength}文字以内で入力してください`),
    newPasswordAgain: z.string().min(1, '確認のため、新しいパスワードをもう一度入力してください'),
  })
  .refine((form) => form.newPassword === form.newPasswordAgain, {
    path: ['newPasswordAgain'],
    message: '新しいパスワードが一致しません。同じパスワードを入力してください',
  });

/** Step 2: the mailed code and the new password; a new code can be sent for the same 口座番号 or address. */
export function ResetConfirmForm({
  started,
  onRestarted,
  onDone,
  onStartOver,
}: {
  readonly started: ResetStarted;
  readonly onRestarted: (started: ResetStarted) => void;
  readonly onDone: () => void;
  readonly onStartOver: () => void;
}) {
  const confirm = usePasswordConfirm();
  const resend = usePasswordForgot();
  const [resent, setResent] = useState(false);
  const form = useContractForm(confirmFormSchema, {
    defaultValues: { code: '', newPassword: '', newPasswordAgain: '' },
  });
  const refusal =
    confirm.error !== null
      ? resetRefusalOf(confirm.error, 'confirm')
      : resend.error !== null
        ? resetRefusalOf(resend.error, 'confirm')
        : null;
  const onSubmit = form.handleSubmit(({ code, newPassword }) =>
    confirm.mutate({ resetId: started.resetId, code, newPassword }, { onSuccess: onDone }),
  );
  const sendAgain = () => {
    setResent(false);
    confirm.reset();
    resend.mutate(
      { login: started.login },
      {
        onSuccess: ({ resetId }) => {
          setResent(true);
          form.resetField('code');
          onRestarted({ resetId, login: started.login });
        },
      },
    );
  };
  const { errors } = form.formState;
  return (
    <form className="password-reset__form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className="password-reset__text">
        ご登録のメールアドレスに確認コードをお送りしました（ご登録がある場合）。メールに記載の確認コードと、新しいパスワードを入力してください。確認コードの有効期限は10分です。
      </p>
      {resent ? (
        <p className="password-reset__notice" role="status">
          確認コードを再送信しました。新しいメールの確認コードを入力してください。
        </p>
      ) : null}
      <Field
        label="確認コード"
        hint="6桁の数字"
        error={errors.code?.message ?? (refusal?.field === 'code' ? refusal.message : undefined)}
        required
      >
        {(control) => (
          <TextInput
            {...control}
            {...form.register('code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
        )}
      </Field>
      <Field
        label="新しいパスワード"
        hint={`${passwordMinLength}〜${passwordMaxLength}文字。よく使われるパスワードや口座番号を含むものは使えません`}
        error={
          errors.newPassword?.message ?? (refusal?.field === 'newPassword' ? refusal.message : undefined)
        }
        required
      >
        {(control) => (
          <TextInput
            {...control}
            {...form.register('newPassword')}
            type="password"
            autoComplete="new-password"
          />
        )}
      </Field>
      <Field label="新しいパスワード（確認用）" error={errors.newPasswordAgain?.message} required>
        {(control) => (
          <TextInput
            {...control}
            {...form.register('newPasswordAgain')}
            type="password"
            autoComplete="new-password"
          />
        )}
      </Field>
      {refusal?.field === 'form' ? (
        <p className="ui-field__error" role="alert">
          {refusal.message}
        </p>
      ) : null}
      <Button type="submit" width="100%" loading={confirm.isPending}>
        パスワードを再設定する
      </Button>
      <Button variant="outline" width="100%" loading={resend.isPending} onClick={sendAgain}>
        確認コードを再送信する
      </Button>
      <Button variant="text" onClick={onStartOver}>
        口座番号・メールアドレスを入力し直す
      </Button>
    </form>
  );
}
