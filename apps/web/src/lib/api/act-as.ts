/**
 * The customer an operator acts for (spec §2, §6): the `baasId` parameter of the current route, sent by
 * the API clients as the act-as header. The router sets it on every navigation; undefined clears it.
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
