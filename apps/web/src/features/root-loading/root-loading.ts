import type {
  Accounts,
  AccountStatus,
  InformationBadge,
  TradingUserStatus,
  UnmaskedUser,
  UpdateAccountRequests,
} from '@fund/contracts';
import { CARD_ISSUER_PATH_PREFIX, normalisePath, SIGN_IN_FREE_PATHS } from '../../lib/auth/session-routes';
import { accountOpeningUrl } from '../../lib/navigation/hand-off-urls';
import { readNoConfirmed, writeNoConfirmed } from './no-confirmed-flag';
import { isReconfirmationDue } from './re-confirmation';

/**
 * Pages on which the shell does not run the root loading (spec §2 "Root shell"): the pages that skip the
 * sign-in check, whose visitor may have no session, and every card-issuer linking page (`/*`: the path
 * and all paths under it). Compared like the router matches: without a trailing slash, ignoring case.
 */
export const ROOT_LOADING_EXCLUDED_PATHS: readonly string[] = [
  ...SIGN_IN_FREE_PATHS,
  `${CARD_ISSUER_PATH_PREFIX}/*`,
];

export function isExcludedFromRootLoading(pathname: string): boolean {
  const path = normalisePath(pathname);
  return ROOT_LOADING_EXCLUDED_PATHS.some((entry) => {
    if (!entry.endsWith('/*')) return path === normalisePath(entry);
    const base = normalisePath(entry.slice(0, -2));
    return path === base || path.startsWith(`${base}/`);
  });
}

/** The calls of the sequence; the app passes the real ones (root-loading-calls.ts), tests pass fakes. */
export interface RootLoadingCalls {
  accountStatus(): Promise<AccountStatus>;
  /** Rejects with code 400-100 for a locked account, without a toast (pass-through). */
  tradingUserStatus(): Promise<TradingUserStatus>;
  informationBadge(): Promise<InformationBadge>;
  informationOthersBadge(): Promise<InformationBadge>;
  accounts(): Promise<Accounts>;
  unmaskedUser(): Promise<UnmaskedUser>;
  updateAccountRequests(): Promise<UpdateAccountRequests | null>;
  /** Starts loading what later screens need (NISA requests, migrated status, last sign-in); never throws. */
  prefetchForLaterScreens(): void;
}

export interface SessionUserData {
  readonly name: string;
  readonly branchCode: string;
  readonly accountNumber: string;
  readonly accountRole: UnmaskedUser['accountRole'];
}

/** What the sequence changes outside itself: the UI store, the session, the browser location. */
export interface RootLoadingEffects {
  setBusy(busy: boolean): void;
  setAccountClosed(closed: boolean): void;
  setAccountLocked(locked: boolean): void;
  setUnreadInformationCount(count: number): void;
  writeSessionUser(user: SessionUserData): void;
  /** Leaves the app; false when the URL was refused. */
  navigateTo(url: string): boolean;
  /** The account number of the signed-in customer (the access token's username), if known. */
  currentUsername(): string | undefined;
  /** The agency's branch code to hand to the account-opening site, if known. */
  agencyBranchCode(): string | undefined;
  /** Today's date in Japan, YYYY-MM-DD. */
  today(): string;
}

/** The first-use confirmation is due; it needs the customer's hashed id for the account-update site. */
export interface ConfirmationRequest {
  readonly hashedUserId: string | undefined;
}

export type RootLoadingOutcome =
  /** Equity CLOSE: the closed-account screen; nothing else was loaded. */
  | { readonly kind: 'closed' }
  /** Equity NONE: the app is leaving for the account-opening site. */
  | { readonly kind: 'leaving' }
  | { readonly kind: 'loaded'; readonly confirmation: ConfirmationRequest | null };

const LOCKED_CODE = '400-100';

function hasErrorCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}

/** `${lastName} ${firstName}`: last name first, one space between, as the spec shows names (§3). */
export function displayName({ lastName, firstName }: UnmaskedUser['profile']): string {
  return `${lastName.trim()} ${firstName.trim()}`.trim();
}

async function settle<T>(promise: () => Promise<T>): Promise<T | undefined> {
  try {
    return await promise();
  } catch {
    return undefined;
  }
}

async function checkLocked(
  calls: Pick<RootLoadingCalls, 'tradingUserStatus'>,
  effects: Pick<RootLoadingEffects, 'setAccountLocked'>,
): Promise<void> {
  try {
    await calls.tradingUserStatus();
  } catch (error) {
    // the one failure of the sequence that is not swallowed (spec §8): it decides the screen
    if (hasErrorCode(error, LOCKED_CODE)) effects.setAccountLocked(true);
  }
}

async function loadUnreadCount(calls: RootLoadingCalls, effects: RootLoadingEffects): Promise<void> {
  const badges = await Promise.all([
    settle(() => calls.informationBadge()),
    settle(() => calls.informationOthersBadge()),
  ]);
  const counts = badges.flatMap((badge) => (badge === undefined ? [] : [badge.data.informations.unreadAll]));
  // with both badges failed the count stays as it was rather than claiming "no unread notices"
  if (counts.length === 0) return;
  try {
    effects.setUnreadInformationCount(counts.reduce((sum, count) => sum + count, 0));
  } catch {
    // a malformed count is refused by the store; the badge keeps its value
  }
}

async function hasPendingUpdateRequest(calls: RootLoadingCalls): Promise<boolean> {
  const answer = await settle(() => calls.updateAccountRequests());
  // "the call returns nothing or fails": no pending request
  return answer?.updateAccountRequest !== undefined && answer.updateAccountRequest !== null;
}

/**
 * The user's data, written to the session, and the decision on the first-use confirmation (spec §4):
 * due when `noConfirmed` is not set and the last confirmation is a year old or more; shown only when no
 * account-update request is pending, and then `noConfirmed` is set to false.
 */
async function loadUser(
  calls: RootLoadingCalls,
  effects: RootLoadingEffects,
  hashedUserIdOfStatus: string | undefined,
): Promise<ConfirmationRequest | null> {
  const [accounts, user] = await Promise.all([
    settle(() => calls.accounts()),
    settle(() => calls.unmaskedUser()),
  ]);
  if (accounts !== undefined && user !== undefined) {
    effects.writeSessionUser({
      name: displayName(user.profile),
      branchCode: accounts.account.branchCode,
      accountNumber: accounts.account.customerCode,
      accountRole: user.accountRole,
    });
  }
  if (user === undefined) return null;
  if (readNoConfirmed() !== undefined) return null;
  if (!isReconfirmationDue(user.lastConfirmedOn, effects.today())) return null;
  if (await hasPendingUpdateRequest(calls)) return null;
  writeNoConfirmed('false');
  return { hashedUserId: user.hashedUserId ?? hashedUserIdOfStatus };
}

/**
 * Pages excluded from the root loading that still act for a signed-in customer: 毎月の入金 (sign-in free,
 * but with a session it is the customer's setting) and the card link. A locked or a closed customer must
 * see there what they see on every other page (spec §2 "Root shell": the locked or closed screen), not a
 * form the API would refuse, so the shell checks the account's state on them (issue 25).
 */
export const STANDING_CHECKED_PATHS: readonly string[] = [
  '/trading/monthlyDeposit',
  `${CARD_ISSUER_PATH_PREFIX}/*`,
];

export function isStandingChecked(pathname: string): boolean {
  const path = normalisePath(pathname);
  return STANDING_CHECKED_PATHS.some((entry) => {
    if (!entry.endsWith('/*')) return path === normalisePath(entry);
    const base = normalisePath(entry.slice(0, -2));
    return path === base || path.startsWith(`${base}/`);
  });
}

/**
 * The part of the root loading that decides the locked and closed screens, alone: equity CLOSE marks the
 * account closed, 400-100 from the trading user status marks it locked; every other failure is
 * swallowed, as in the full sequence. It neither leaves for the account-opening site nor loads the user.
 */
export async function runStandingCheck(
  calls: Pick<RootLoadingCalls, 'accountStatus' | 'tradingUserStatus'>,
  effects: Pick<RootLoadingEffects, 'setBusy' | 'setAccountClosed' | 'setAccountLocked'>,
): Promise<void> {
  effects.setBusy(true);
  try {
    const status = await settle(() => calls.accountStatus());
    if (status?.status.equity === 'CLOSE') {
      effects.setAccountClosed(true);
      return;
    }
    await checkLocked(calls, effects);
  } finally {
    effects.setBusy(false);
  }
}

/**
 * The root loading of spec §4, run once when the shell starts on a page that takes part. Every failure
 * is swallowed (spec §8), except that 400-100 from the trading user status marks the account locked.
 */
export async function runRootLoading(
  calls: RootLoadingCalls,
  effects: RootLoadingEffects,
): Promise<RootLoadingOutcome> {
  effects.setBusy(true);
  try {
    const status = await settle(() => calls.accountStatus());
    const equity = status?.status.equity;
    if (equity === 'CLOSE') {
      effects.setAccountClosed(true);
      return { kind: 'closed' };
    }
    if (equity === 'NONE') {
      effects.navigateTo(
        accountOpeningUrl({
          username: effects.currentUsername(),
          hashedUserId: status?.hashedUserId,
          agencyBranchCode: effects.agencyBranchCode(),
        }),
      );
      return { kind: 'leaving' };
    }
    calls.prefetchForLaterScreens();
    const [, , confirmation] = await Promise.all([
      checkLocked(calls, effects),
      loadUnreadCount(calls, effects),
      loadUser(calls, effects, status?.hashedUserId),
    ]);
    return { kind: 'loaded', confirmation };
  } finally {
    effects.setBusy(false);
  }
}
