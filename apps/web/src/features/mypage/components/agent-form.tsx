import {
  guardianRelationshipLabels,
  guardianRelationshipSchema,
  putAgentBodySchema,
  type AgentOfAccount,
} from '@fund/contracts';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/button/button';
import { SelectFormField } from '../../../components/form-fields';
import { Field, TextInput } from '../../../components/ui';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { usePutAgent } from '../api/agent-calls';
import { agentRefusalOf } from '../agent-refusal';
import { agentLabelOf } from '../agent-text';

const relationshipOptions = [
  { value: '', label: '選んでください' },
  ...guardianRelationshipSchema.options.map((value) => ({
    value,
    label: guardianRelationshipLabels[value],
  })),
];

// the contract's rules, with the relationship named as the form asks for it: 続柄 chosen, 役職 typed
const guardianFormSchema = putAgentBodySchema.extend({
  relationship: z.string().min(1, '続柄を選んでください'),
});
const representativeFormSchema = putAgentBodySchema.extend({
  relationship: z
    .string()
    .trim()
    .min(1, '役職を入力してください')
    .max(30, '役職は30文字以内で入力してください'),
});

const emptyForm = {
  lastName: '',
  firstName: '',
  lastNameKana: '',
  firstNameKana: '',
  relationship: '',
  currentPassword: '',
};

/**
 * The new 代理人 and the holder's current password (re-authentication, decision 020). The contract's
 * schema checks the fields; the server's refusals (a wrong password, a relationship the kind does not
 * take) are shown at their fields.
 */
export function AgentForm({ kind }: { readonly kind: AgentOfAccount['kind'] }) {
  const change = usePutAgent();
  const label = agentLabelOf(kind);
  const [done, setDone] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useContractForm(kind === 'LEGAL_GUARDIAN' ? guardianFormSchema : representativeFormSchema, {
    defaultValues: emptyForm,
  });
  const { errors } = form.formState;
  // the button is at the bottom of a long form: bring the result into view where the form starts
  const doneRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (done !== null) doneRef.current?.scrollIntoView({ block: 'center' });
  }, [done]);
  const onSubmit = form.handleSubmit((body) => {
    setDone(null);
    setFormError(null);
    change.mutate(body, {
      onSuccess: () => {
        form.reset(emptyForm);
        setDone(`${label}を変更しました。ご登録のメールアドレスとお知らせに、変更のご連絡をお送りしました。`);
      },
      onError: (error) => {
        const refusal = agentRefusalOf(error);
        for (const { field, message } of refusal.fields) form.setError(field, { message });
        setFormError(refusal.form);
        // a wrong password is typed again, never kept
        form.resetField('currentPassword', { keepError: true });
      },
    });
  });
  return (
    <form className="change-agent__form" onSubmit={(event) => void onSubmit(event)} noValidate>
      {done === null ? null : (
        <p ref={doneRef} className="change-agent__done" role="status">
          {done}
        </p>
      )}
      <div className="change-agent__names">
        <Field label="姓" error={errors.lastName?.message} required>
          {(control) => <TextInput {...control} {...form.register('lastName')} autoComplete="off" />}
        </Field>
        <Field label="名" error={errors.firstName?.message} required>
          {(control) => <TextInput {...control} {...form.register('firstName')} autoComplete="off" />}
        </Field>
      </div>
      <div className="change-agent__names">
        <Field label="姓（フリガナ）" hint="全角カタカナ" error={errors.lastNameKana?.message} required>
          {(control) => <TextInput {...control} {...form.register('lastNameKana')} autoComplete="off" />}
        </Field>
        <Field label="名（フリガナ）" hint="全角カタカナ" error={errors.firstNameKana?.message} required>
          {(control) => <TextInput {...control} {...form.register('firstNameKana')} autoComplete="off" />}
        </Field>
      </div>
      {kind === 'LEGAL_GUARDIAN' ? (
        <SelectFormField
          control={form.control}
          name="relationship"
          label="続柄"
          hint="お子さまから見た続柄"
          options={relationshipOptions}
          required
        />
      ) : (
        <Field label="役職" hint="例：代表取締役" error={errors.relationship?.message} required>
          {(control) => (
            <TextInput {...control} {...form.register('relationship')} autoComplete="organization-title" />
          )}
        </Field>
      )}
      <Field
        label="現在のパスワード"
        hint="本人確認のため、ログインに使っているパスワードを入力してください"
        error={errors.currentPassword?.message}
        required
      >
        {(control) => (
          <TextInput
            {...control}
            {...form.register('currentPassword')}
            type="password"
            autoComplete="current-password"
          />
        )}
      </Field>
      {formError === null ? null : (
        <p className="ui-field__error" role="alert">
          {formError}
        </p>
      )}
      <Button type="submit" width="100%" bold loading={change.isPending}>
        {label}を変更する
      </Button>
    </form>
  );
}
