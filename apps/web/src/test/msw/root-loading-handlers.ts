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
import { RootLoadingPath } from '@fund/contracts/paths';
import { http, HttpResponse, type JsonBodyType } from 'msw';

const hashedUserId = 'a'.repeat(64);

/** What the server answers for an ordinary open account (confirmed this year, nothing pending). */
export const rootLoadingAnswers: Record<string, JsonBodyType> = {
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

/** The root shell's calls (spec §2 Root shell) answered as for an ordinary open account. */
export const rootLoadingHandlers = Object.entries(rootLoadingAnswers).map(([path, answer]) =>
  http.get(path, () => HttpResponse.json(answer)),
);
