import { describe, expect, it, vi } from 'vitest';
import { accountApi, balanceApi, productApi } from '../../../lib/api/services';
import { getAccountStatus } from './get-account-status';
import { getAccounts } from './get-accounts';
import { getInformationBadge } from './get-information-badge';
import { getInformationOthersBadge } from './get-information-others-badge';
import { getLastLogIn } from '../../../lib/auth/last-log-in';
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

/**
 * Each fetcher: its service, its path (spec §7), its pass-through codes (spec §8), and whether it is a
 * root-loading call, whose failures are swallowed silently (spec §8, issue 13 point 12).
 */
describe.each([
  ['accountStatus', getAccountStatus, accountApi, '/v6/accountStatus', undefined, true],
  [
    'wb4UserStatus (locked only on 400-100, without a toast)',
    getTradingUserStatus,
    productApi,
    '/v1/wb4UserStatus',
    ['400-100'],
    true,
  ],
  ['information badge', getInformationBadge, productApi, '/v1/badges/information', undefined, true],
  [
    'informationOthers badge',
    getInformationOthersBadge,
    productApi,
    '/v1/badges/informationOthers',
    undefined,
    true,
  ],
  ['accounts', getAccounts, accountApi, '/v6/accounts', undefined, true],
  ['unmaskedUsers', getUnmaskedUser, accountApi, '/v6/unmaskedUsers', ['400-666'], true],
  [
    'updateAccountRequests',
    getUpdateAccountRequests,
    accountApi,
    '/v6/updateAccountRequests',
    ['400-000'],
    true,
  ],
  ['nisaRequests', getNisaRequests, accountApi, '/v6/nisaRequests', ['400-000'], true],
  ['migratedStatus', getMigratedStatus, accountApi, '/v6/users/migratedStatus', undefined, true],
  ['lastLogIn', getLastLogIn, productApi, '/v1/lastLogIn', ['400-000'], true],
  ['tradeReportUrl', getTradeReportUrl, accountApi, '/v6/tradeReportUrl', undefined, false],
  ['trades_report', getTradesReport, balanceApi, '/trades_report', undefined, false],
] as const)('%s', (_name, fetcher, client, path, passThrough, rootLoading) => {
  it(`GETs ${path}${passThrough === undefined ? '' : ` passing ${passThrough.join(', ')} through`}`, async () => {
    const signal = new AbortController().signal;
    await fetcher(signal);
    expect(client.get).toHaveBeenCalledOnce();
    const [calledPath, options] = vi.mocked(client.get).mock.calls[0] ?? [];
    expect(calledPath).toBe(path);
    expect(options?.passThrough).toEqual(passThrough);
    expect(options?.signal).toBe(signal);
    // a failed root-loading call shows no toast (it used to toast 500s and unlisted 40x codes)
    expect(options?.silent === true).toBe(rootLoading);
  });
});
