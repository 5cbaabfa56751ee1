import type {
  AccountStatus,
  Accounts,
  InformationBadge,
  LastLogIn,
  MigratedStatus,
  NisaRequests,
  TradingUserStatus,
  UnmaskedUser,
  UpdateAccountRequests,
} from '@fund/contracts';
import { RootLoadingPath } from '@fund/contracts';
import { vi } from 'vitest';

const hashedUserId = 'a'.repeat(64);

/** What the server answers for an ordinary open account (confirmed this year, nothing pending). */
const answers: Record<string, unknown> = {
  [RootLoadingPath.accountStatus]: { status: { equity: 'OPEN' }, hashedUserId } satisfies AccountStatus,
  [RootLoadingPath.tradingUserStatus]: { status: 'ACTIVE' } satisfies TradingUserStatus,
  [RootLoadingPath.informationBadge]: { data: { informations: { unreadAll: 2 } } } satisfies InformationBadge,
  [RootLoadingPath.informationOthersBadge]: {
    data: { informations: { unreadAll: 1 } },
  } satisfies InformationBadge,
  [RootLoadingPath.accounts]: { account: { branchCode: '001', customerCode: '1234567' } } satisfies Accounts,
  [RootLoadingPath.unmaskedUsers]: {
    profile: { lastName: '青木', firstName: '健太', lastNameKana: 'アオキ', firstNameKana: 'ケンタ' },
    accountRole: 'ADULT',
    lastConfirmedOn: new Date().toISOString().slice(0, 10),
    hashedUserId,
  } satisfies UnmaskedUser,
  [RootLoadingPath.updateAccountRequests]: { updateAccountRequest: null } satisfies UpdateAccountRequests,
  [RootLoadingPath.nisaRequests]: { nisaRequests: [] } satisfies NisaRequests,
  [RootLoadingPath.migratedStatus]: { migrated: true, migratedAt: null } satisfies MigratedStatus,
  [RootLoadingPath.lastLogIn]: { lastLogIn: null } satisfies LastLogIn,
};

/**
 * Replaces fetch with the server's answers to the root shell's calls, for tests that render the whole
 * app. Any other call fails the test: a page that starts calling more must say what it expects.
 */
export function fakeRootLoadingApi() {
  const fetchFake = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
    if (!(url.pathname in answers)) throw new Error(`Unexpected call in a whole-app test: ${url.pathname}`);
    return new Response(JSON.stringify(answers[url.pathname]), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchFake);
  return fetchFake;
}
