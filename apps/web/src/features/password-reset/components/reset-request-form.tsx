import { passwordForgotBodySchema } from '@fund/contracts';
import { z } from 'zod';
import { Button } from '../../../components/button/button';
import { Field, TextInput } from '../../../components/ui';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { usePasswordForgot } from '../api/password-reset-calls';
import { resetRefusalOf } from '../reset-password-errors';

// the contract's rule, with the message a customer understands for an empty field
const requestFormSchema = passwordForgotBodySchema.extend({
  login: z
    .string()
    .trim()
    .min(1, '口座番号またはメールアドレスを入力してください')
    .max(254, '口座番号またはメールアドレスは254文字以内で入力してください'),
});

export interface ResetStarted {
  readonly resetId: string;
  readonly login: string;
}

/** Step 1: the 口座番号 or address; the identity service mails a code (same answer whether it matched). */
export function ResetRequestForm({
  initialLogin,
  onStarted,
}: {
  readonly initialLogin: string;
  readonly onStarted: (started: ResetStarted) => void;
}) {
  const forgot = usePasswordForgot();
  const form = useContractForm(requestFormSchema, { defaultValues: { login: initialLogin } });
  const refusal = forgot.error === null ? null : resetRefusalOf(forgot.error, 'login');
  const onSubmit = form.handleSubmit(({ login }) =>
    forgot.mutate({ login }, { onSuccess: ({ resetId }) => onStarted({ resetId, login }) }),
  );
  const loginError =
    form.formState.errors.login?.message ?? (refusal?.field === 'login' ? refusal.message : undefined);
  return (
    <form className="password-reset__form" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className="password-reset__text">
        口座番号またはご登録のメールアドレスを入力してください。ご登録のメールアドレスに確認コード（6桁の数字）をお送りします。
      </p>
      <Field label="口座番号またはメールアドレス" hint="口座番号は7桁の数字です" error={loginError} required>
        {(control) => <TextInput {...control} {...form.register('login')} autoComplete="username" />}
      </Field>
      {refusal?.field === 'form' ? (
        <p className="ui-field__error" role="alert">
          {refusal.message}
        </p>
      ) : null}
      <Button type="submit" width="100%" loading={forgot.isPending}>
        確認コードを送信する
      </Button>
    </form>
  );
}
