import { demoCustomerPassword, demoCustomers, demoOperators } from '@fund/db';

/** The README's "Demo sign-ins" table as plain text, printed by `npm start` in development. */
export function demoSignInsTable(publicOrigin: string): string {
  const rows = demoCustomers.map(
    (customer) => `  ${customer.accountNumber}  ${demoCustomerPassword}  ${customer.demonstrates.ja}`,
  );
  const operators = demoOperators.map((operator) =>
    `  ${operator.loginId}  ${operator.password}  ${operator.temporary ? '(仮パスワード: 初回ログイン時に変更)' : ''}`.trimEnd(),
  );
  return [
    `Demo sign-ins (${publicOrigin}):`,
    '  口座番号  パスワード      内容',
    ...rows,
    `Operator (${publicOrigin}/admin/):`,
    ...operators,
    '',
  ].join('\n');
}
