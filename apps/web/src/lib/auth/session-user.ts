import type { AccountRoleType } from '@fund/contracts';
import { readAccessTokenClaims } from './access-token-claims';
import { readItem, removeItem, session, SessionKey, writeItem } from './storage-keys';
import { readTokenSet } from './token-store';

/**
 * The signed-in customer, for this tab's session (spec §3): kept in session storage, so it is gone with
 * the tab and with sign-out, and never shared with another tab that may belong to another sign-in.
 */
export interface SessionUser {
  /** The customer's name as the screens show it (not the inquiry ID: see readInquiryId). */
  readonly name: string;
  readonly branchCode: string;
  readonly accountNumber: string;
  readonly accountRole: AccountRoleType;
}

const accountRoles: readonly string[] = [
  'ADULT',
  'CORPORATION',
  'CHILD',
  'JUNIOR_NISA',
] satisfies readonly AccountRoleType[];

function isSessionUser(value: unknown): value is SessionUser {
  if (value === null || typeof value !== 'object') return false;
  const { name, branchCode, accountNumber, accountRole } = value as Record<string, unknown>;
  return (
    typeof name === 'string' &&
    typeof branchCode === 'string' &&
    typeof accountNumber === 'string' &&
    typeof accountRole === 'string' &&
    accountRoles.includes(accountRole)
  );
}

export function readSessionUser(): SessionUser | null {
  const raw = readItem(session, SessionKey.user);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isSessionUser(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeSessionUser(user: SessionUser): void {
  const { name, branchCode, accountNumber, accountRole } = user;
  writeItem(session, SessionKey.user, JSON.stringify({ name, branchCode, accountNumber, accountRole }));
}

export function clearSessionUser(): void {
  removeItem(session, SessionKey.user);
}

/**
 * The inquiry ID of support mail (spec §3, §9): the sign-in user name, the access token's `username`
 * claim (the 口座番号), never the customer's personal name, which must not go into a mail subject
 * (issue 13 point 12). Undefined without a stored token.
 */
export function readInquiryId(): string | undefined {
  const token = readTokenSet()?.access_token;
  const username = token === undefined ? undefined : readAccessTokenClaims(token)?.username;
  return username === undefined || username === '' ? undefined : username;
}
