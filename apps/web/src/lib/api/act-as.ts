/**
 * The customer an operator acts for (spec §2, §6), by 口座番号: the `baasId` of the current route, sent by
 * the API clients as the act-as header `user-id`. The admin build sets it once at start from its acting route
 * (`/admin/customers/<baasId>/…`, console/main.tsx, decision 024); the customer build never does, since a
 * customer's own token with the header is refused (security.md 21). Undefined clears it.
 */
let actedForCustomer: string | undefined;

export function setActedForCustomer(accountNumber: string | undefined): void {
  const trimmed = accountNumber?.trim() ?? '';
  // spec §5: an empty value counts as absent
  actedForCustomer = trimmed === '' ? undefined : trimmed;
}

export function getActedForCustomer(): string | undefined {
  return actedForCustomer;
}
