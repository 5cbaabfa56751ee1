import { identityPageUrl } from '../../lib/api/identity-paths';
import { local, LocalKey, readItem, writeItem } from '../../lib/auth/storage-keys';
import { accountOpeningUrl } from '../../lib/navigation/hand-off-urls';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The visitor's temporaryUserId (spec §7): one random id per browser, kept in local storage, so a visitor
 * who leaves the account-opening site and comes back through /new continues the same application. It
 * names nobody: the site learns who the visitor is only from what they enter there.
 */
export function temporaryUserId(): string {
  const stored = readItem(local, LocalKey.temporaryUserId);
  if (stored !== null && uuidPattern.test(stored)) return stored;
  const fresh = crypto.randomUUID();
  writeItem(local, LocalKey.temporaryUserId, fresh);
  return fresh;
}

/** An agency's referral link (/new?agencyBranchCode=123) names its 3-digit branch; anything else is dropped. */
export function agencyBranchCodeOf(search: URLSearchParams): string | undefined {
  const code = search.get('agencyBranchCode');
  return code !== null && /^\d{3}$/.test(code) ? code : undefined;
}

/**
 * The account-opening site for a visitor without a sign-in (spec §7 "Outbound hand-offs"): their
 * temporary id, the identity service's sign-up page for creating a sign-in, and /redirect/openAccount for
 * coming back to sign in with the new 口座番号. No username or hashed_user_id: nobody is signed in.
 */
export function visitorAccountOpeningUrl(agencyBranchCode: string | undefined, origin: string): string {
  return accountOpeningUrl({
    temporaryUserId: temporaryUserId(),
    redirectToSignUp: identityPageUrl('/signup'),
    redirectToUsernameSignin: new URL('/redirect/openAccount', origin).href,
    agencyBranchCode,
  });
}
