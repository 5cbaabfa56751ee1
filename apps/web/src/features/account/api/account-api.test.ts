import { describe, expect, it, vi } from 'vitest';
import { accountApi, balanceApi, productApi } from '../../../lib/api/services';
import { getAccountStatus } from './get-account-status';
import { getAccounts } from './get-accounts';
import { getInformationBadge } from './get-information-badge';
import { getInformationOthersBadge } from './get-information-others-badge';
import { getLastLogIn } from './get-last-log-in';
import { getMigratedStatus } from './get-migrated-status';
import { getNisaRequests } from './get-nisa-requests';
import { getTradeReportUrl } from './get-trade-report-url';
import { getTradesReport } from './get-trades-report';
import { getTradingUserStatus } from './get-trading-user-status';
import { getUnmaskedUser } from './get-unmasked-user';
import { getUpdateAccountRequests } from './get-update-account-requests';

vi.mock('../../../lib/api/services', () => ({
  accountApi: { get: vi.fn(async () => ({})) },
  productApi: { get: vi.fn(async () => ({})) },
  balanceApi: { get: vi.fn(async () => ({})) },
}));

/** Each fetcher: its service, its path (spec §7) and its pass-through codes (spec §8). */
describe.each([
  ['accountStatus', getAccountStatus, accountApi, '/v6/accountStatus', undefined],
  [
    'wb4UserStatus (locked only on 400-100, without a toast)',
    getTradingUserStatus,
    productApi,
    '/v1/wb4UserStatus',
    ['400-100'],
  ],
  ['information badge', getInformationBadge, productApi, '/v1/badges/information', undefined],
  [
    'informationOthers badge',
    getInformationOthersBadge,
    productApi,
    '/v1/badges/informationOthers',
    undefined,
  ],
  ['accounts', getAccounts, accountApi, '/v6/accounts', undefined],
  ['unmaskedUsers', getUnmaskedUser, accountApi, '/v6/unmaskedUsers', ['400-666']],
  ['updateAccountRequests', getUpdateAccountRequests, accountApi, '/v6/updateAccountRequests', ['400-000']],
  ['nisaRequests', getNisaRequests, accountApi, '/v6/nisaRequests', ['400-000']],
  ['migratedStatus', getMigratedStatus, accountApi, '/v6/users/migratedStatus', undefined],
  ['lastLogIn', getLastLogIn, productApi, '/v1/lastLogIn', ['400-000']],
  ['tradeReportUrl', getTradeReportUrl, accountApi, '/v6/tradeReportUrl', undefined],
  ['trades_report', getTradesReport, balanceApi, '/trades_report', undefined],
] as const)('%s', (_name, fetcher, client, path, passThrough) => {
  it(`GETs ${path}${passThrough === undefined ? '' : ` passing ${passThrough.join(', ')} through`}`, async () => {
    const signal = new AbortController().signal;
    await fetcher(signal);
    expect(client.get).toHaveBeenCalledOnce();
    const [calledPath, options] = vi.mocked(client.get).mock.calls[0] ?? [];
    expect(calledPath).toBe(path);
    expect(options?.passThrough).toEqual(passThrough);
    expect(options?.signal).toBe(signal);
  });
});
