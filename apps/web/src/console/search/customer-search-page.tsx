import type { OperatorCustomer } from '@fund/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/button/button';
import { PageHeading } from '../../components/page-heading/page-heading';
import { EmptyState, Field, TextInput } from '../../components/ui';
import { searchCustomers, type CustomerSearchInput } from '../api/console-api';
import { accountRoleLabel, customerName } from '../console-labels';
import { actingBasename } from '../console-paths';
import { TableScroll } from '../layout/table-scroll';

const accountNumberPattern = /^\d{1,7}$/;
const kanaPattern = /^[ァ-ヶー\u3000 ]+$/;

/** The form's own checks, as the server's (contracts operatorCustomerSearchQuerySchema), in Japanese. */
export function searchInputErrors(
  input: CustomerSearchInput,
): Partial<Record<keyof CustomerSearchInput | 'form', string>> {
  const accountNumber = input.accountNumber.trim();
  const nameKana = input.nameKana.trim();
  if (accountNumber === '' && nameKana === '') return { form: '口座番号またはフリガナを入力してください。' };
  return {
    ...(accountNumber !== '' && !accountNumberPattern.test(accountNumber)
      ? { accountNumber: '口座番号は半角数字7桁以内で入力してください。' }
      : {}),
    ...(nameKana !== '' && !kanaPattern.test(nameKana)
      ? { nameKana: 'フリガナは全角カタカナで入力してください。' }
      : {}),
  };
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
              onChange={(event) => setInput({ ...input, accountNumber: event.target.value })}
            />
          )}
        </Field>
        <Field
          label="フリガナ"
          hint="全角カタカナ、姓名の一部でも可"
          {...(errors.nameKana === undefined ? {} : { error: errors.nameKana })}
        >
          {(control) => (
            <TextInput
              {...control}
              autoComplete="off"
              value={input.nameKana}
              onChange={(event) => setInput({ ...input, nameKana: event.target.value })}
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
            検索できませんでした。時間をおいてもう一度お試しください。
          </p>
        ) : null}
        {search.data === undefined ? null : (
          <Results customers={search.data.customers} truncated={search.data.truncated} />
        )}
      </section>
    </>
  );
}
