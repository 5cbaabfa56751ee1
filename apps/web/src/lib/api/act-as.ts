/**
 * The customer an operator acts for (spec §2, §6): the `baasId` of the current route, sent by the API
 * clients as the act-as header. The admin build sets it once at start from its acting route
 * (`/admin/customers/<baasId>/…`, console/main.tsx, decision 024); the customer build never does, since a
 * customer's own token with the header is refused (security.md 21). Undefined clears it.
 */
let actAsUserId: string | undefined;

export function setActAsUserId(userId: string | undefined): void {
  const trimmed = userId?.trim() ?? '';
  // spec §5: an empty value counts as absent
  actAsUserId = trimmed === '' ? undefined : trimmed;
}

export function getActAsUserId(): string | undefined {
  return actAsUserId;
}
