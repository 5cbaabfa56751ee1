import type { OperatorCustomer } from '@fund/contracts';
import {
  operatorAccountNumberMessage,
  operatorAccountNumberPattern,
  operatorNameKanaLengthMessage,
  operatorNameKanaMaxLength,
  operatorNameKanaMessage,
  operatorNameKanaPattern,
  operatorSearchEmptyMessage,
} from '@fund/contracts/operator-search-rules';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button/button';
import { PageHeading } from '../../components/page-heading/page-heading';
import { EmptyState, Field, TextInput } from '../../components/ui';
import { ApiError } from '../../lib/api/api-client';
import { searchCustomers, type CustomerSearchInput } from '../api/console-api';
import { accountRoleLabel, customerName } from '../console-labels';
import { actingBasename } from '../console-paths';
import { TableScroll } from '../layout/table-scroll';

/** The form's own checks: the server's rules and words (contracts operatorCustomerSearchQuerySchema). */
export function searchInputErrors(
  input: CustomerSearchInput,
): Partial<Record<keyof CustomerSearchInput | 'form', string>> {
  const fields = fieldErrors(input);
  if (input.accountNumber.trim() === '' && input.nameKana.trim() === '')
    return { ...fields, form: `${operatorSearchEmptyMessage}。` };
  return fields;
}

/** Each field's rule, checked as the operator types (an empty field is not wrong on its own). */
function fieldErrors(input: CustomerSearchInput): Partial<Record<keyof CustomerSearchInput, string>> {
  const accountNumber = input.accountNumber.trim();
  const nameKana = input.nameKana.trim();
  const kanaError =
    nameKana.length > operatorNameKanaMaxLength
      ? `${operatorNameKanaLengthMessage}（いま${nameKana.length.toLocaleString('ja-JP')}文字）。`
      : nameKana !== '' && !operatorNameKanaPattern.test(nameKana)
        ? `${operatorNameKanaMessage}。`
        : undefined;
  return {
    ...(accountNumber !== '' && !operatorAccountNumberPattern.test(accountNumber)
      ? { accountNumber: `${operatorAccountNumberMessage}。` }
      : {}),
    ...(kanaError === undefined ? {} : { nameKana: kanaError }),
  };
}

/** The server's refusal in its own words (a 400 names the rule); anything else asks to try again. */
function searchFailureMessage(error: Error): string {
  if (error instanceof ApiError && error.status === 400 && error.detail !== '') return error.detail;
  return '検索できませんでした。時間をおいてもう一度お試しください。';
}

function StatusText({ customer }: { readonly customer: OperatorCustomer }) {
  if (customer.locked) return <>ロック中</>;
  if (customer.equityStatus === 'CLOSE') return <>閉鎖</>;
  if (customer.equityStatus === 'NONE') return <>口座開設前</>;
  return <>開設済み</>;
}

function Results({
  customers,
  truncated,
}: {
  readonly customers: readonly OperatorCustomer[];
  readonly truncated: boolean;
}) {
  if (customers.length === 0) {
    return (
      <EmptyState title="該当するお客さまはいません">
        担当の部店のお客さまだけが表示されます。口座番号またはフリガナをご確認ください。
      </EmptyState>
    );
  }
  return (
    <>
      <p role="status">
        {customers.length}件見つかりました。
        {truncated ? '条件を絞り込むと、ほかのお客さまも表示されます。' : ''}
      </p>
      <TableScroll label="検索結果の一覧">
        <table className="console-table">
          <caption className="visually-hidden">検索結果</caption>
          <thead>
            <tr>
              <th scope="col">口座番号</th>
              <th scope="col">お名前</th>
              <th scope="col">フリガナ</th>
              <th scope="col">口座区分</th>
              <th scope="col">部店</th>
              <th scope="col">状態</th>
              <th scope="col">
                <span className="visually-hidden">操作</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {customers.map((customer) => (
              <tr key={customer.accountNumber}>
                <td>{customer.accountNumber}</td>
                <td>{customerName(customer)}</td>
                <td>{`${customer.lastNameKana} ${customer.firstNameKana}`.trim()}</td>
                <td>{accountRoleLabel[customer.accountRole]}</td>
                <td>{customer.branchCode}</td>
                <td>
                  <StatusText customer={customer} />
                </td>
                <td>
                  <a href={`${actingBasename(customer.accountNumber)}/`}>
                    {customerName(customer)} さまの画面を開く
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}

/** お客さま検索: the customers of the operator's branches by 口座番号 (or its first digits) and フリガナ. */
export function CustomerSearchPage() {
  const [input, setInput] = useState<CustomerSearchInput>({ accountNumber: '', nameKana: '' });
  const [errors, setErrors] = useState<ReturnType<typeof searchInputErrors>>({});
  const search = useMutation({ mutationFn: searchCustomers });

  // checked as typed: a field's rule shows at once, the 'either one' rule only when searching
  const change = (next: CustomerSearchInput) => {
    setInput(next);
    const empty = next.accountNumber.trim() === '' && next.nameKana.trim() === '';
    setErrors((previous) => ({
      ...fieldErrors(next),
      ...(previous.form !== undefined && empty ? { form: previous.form } : {}),
    }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = searchInputErrors(input);
    setErrors(found);
    if (Object.keys(found).length === 0) search.mutate(input);
  };

  return (
    <>
      <PageHeading title="お客さま検索" />
      <form className="console-search" onSubmit={submit} noValidate aria-label="お客さま検索">
        <Field
          label="口座番号"
          hint="7桁、または先頭の数桁"
          {...(errors.accountNumber === undefined ? {} : { error: errors.accountNumber })}
        >
          {(control) => (
            <TextInput
              {...control}
              inputMode="numeric"
              autoComplete="off"
              value={input.accountNumber}
              onChange={(event) => change({ ...input, accountNumber: event.target.value })}
            />
          )}
        </Field>
        <Field
          label="フリガナ"
          hint={`全角カタカナ${operatorNameKanaMaxLength}文字以内、姓名の一部でも可`}
          {...(errors.nameKana === undefined ? {} : { error: errors.nameKana })}
        >
          {(control) => (
            <TextInput
              {...control}
              autoComplete="off"
              value={input.nameKana}
              onChange={(event) => change({ ...input, nameKana: event.target.value })}
            />
          )}
        </Field>
        {errors.form === undefined ? null : (
          <p className="console-error" role="alert">
            {errors.form}
          </p>
        )}
        <Button type="submit" loading={search.isPending}>
          検索する
        </Button>
      </form>
      <section aria-label="検索結果" className="console-results">
        {search.isError ? (
          <p className="console-error" role="alert">
            {searchFailureMessage(search.error)}
          </p>
        ) : null}
        {search.data === undefined ? null : (
          <Results customers={search.data.customers} truncated={search.data.truncated} />
        )}
      </section>
    </>
  );
}
