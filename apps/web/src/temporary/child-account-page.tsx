import type { ChildAutoCompletion } from '@fund/contracts';
import { TemporaryUserPath } from '@fund/contracts/paths';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { PlainBrandMark, SiteHeader } from '../components/brand/brand-mark';
import { Button } from '../components/button/button';
import { LinkButton } from '../components/button/link-button';
import { PageHeading } from '../components/page-heading/page-heading';
import { DescriptionList, Field, TextInput } from '../components/ui';
import { ApiError } from '../lib/api/api-client';
import { accountApi } from '../lib/api/services';
import { formatJstMinute } from '../lib/format/jst';
import { accountOpeningUrl } from '../lib/navigation/hand-off-urls';
import { childAccountErrors, type ChildAccountErrors, type ChildAccountInput } from './child-account-form';

function createTemporaryUser(input: ChildAccountInput): Promise<ChildAutoCompletion> {
  return accountApi.post(TemporaryUserPath.childAutoCompletion, {
    body: { ...input, firstName: input.firstName.trim(), firstNameKana: input.firstNameKana.trim() },
    // the page says why (not an adult's account, the child's age) beside the form
    passThrough: ['400-000', '403-000'],
  });
}

function Done({ created }: { readonly created: ChildAutoCompletion['temporaryUser'] }) {
  return (
    <>
      <p role="status">お子さまの仮登録ができました。口座開設サイトで続きをご入力ください。</p>
      <DescriptionList
        items={[
          { term: 'お名前', value: `${created.lastName} ${created.firstName}` },
          { term: 'フリガナ', value: `${created.lastNameKana} ${created.firstNameKana}` },
          { term: '生年月日', value: created.birthDate },
          { term: '親権者', value: created.guardian.name },
          { term: '仮登録の有効期限', value: formatJstMinute(new Date(created.expiresAt)) },
        ]}
      />
      <LinkButton href={accountOpeningUrl({ temporaryUserId: created.temporaryUserId })} bold width="100%">
        口座開設サイトへ進む
      </LinkButton>
    </>
  );
}

/**
 * お子さまの口座開設 (the temporary build, decision 024): a parent signed in to the customer app starts
 * their child's account opening before the child has a 口座番号. The service makes a temporary user from
 * the child's name and birth date and the parent's data; the account-opening site takes it from there.
 */
export function ChildAccountPage() {
  const [input, setInput] = useState<ChildAccountInput>({ firstName: '', firstNameKana: '', birthDate: '' });
  const [errors, setErrors] = useState<ChildAccountErrors>({});
  const create = useMutation({ mutationFn: createTemporaryUser });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = childAccountErrors(input);
    setErrors(found);
    if (Object.keys(found).length === 0) create.mutate(input);
  };
  const refusal = create.error instanceof ApiError ? create.error.detail : null;

  return (
    <>
      {/* the service's mark as on every screen of the customer app (issue 14); no top page to lead to here */}
      <SiteHeader mark={<PlainBrandMark />} />
      <main className="temporary-main">
        <PageHeading title="お子さまの口座開設" />
        {create.data === undefined ? (
          <>
            <p>
              お子さま（18歳未満）の口座開設をお申し込みいただけます。姓・住所・連絡先は親権者さまのご登録内容から引き継ぎます。
            </p>
            <form onSubmit={submit} noValidate aria-label="お子さまの情報" className="temporary-form">
              <Field
                label="お名前（名）"
                required
                {...(errors.firstName === undefined ? {} : { error: errors.firstName })}
              >
                {(control) => (
                  <TextInput
                    {...control}
                    autoComplete="off"
                    value={input.firstName}
                    onChange={(event) => setInput({ ...input, firstName: event.target.value })}
                  />
                )}
              </Field>
              <Field
                label="フリガナ（名）"
                hint="全角カタカナ"
                required
                {...(errors.firstNameKana === undefined ? {} : { error: errors.firstNameKana })}
              >
                {(control) => (
                  <TextInput
                    {...control}
                    autoComplete="off"
                    value={input.firstNameKana}
                    onChange={(event) => setInput({ ...input, firstNameKana: event.target.value })}
                  />
                )}
              </Field>
              <Field
                label="生年月日"
                required
                {...(errors.birthDate === undefined ? {} : { error: errors.birthDate })}
              >
                {(control) => (
                  <input
                    {...control}
                    type="date"
                    className="ui-text-input"
                    value={input.birthDate}
                    onChange={(event) => setInput({ ...input, birthDate: event.target.value })}
                  />
                )}
              </Field>
              {refusal === null ? null : (
                <p className="temporary-error" role="alert">
                  {refusal}
                </p>
              )}
              <Button type="submit" bold width="100%" loading={create.isPending}>
                仮登録して口座開設へ進む
              </Button>
            </form>
          </>
        ) : (
          <Done created={create.data.temporaryUser} />
        )}
        <p className="temporary-back">
          <a href="/">ホームへ戻る</a>
        </p>
      </main>
    </>
  );
}
