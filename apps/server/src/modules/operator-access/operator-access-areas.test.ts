import { describe, expect, it } from 'vitest';
import { areaOfPath, areasOfPaths } from './operator-access-areas.ts';

describe('what an operator viewed, in areas the customer knows (decision 025)', () => {
  it.each([
    ['/v1/assets', 'assets'],
    ['/v1/assets/history', 'assets'],
    ['/v6/nisaStatusByYear', 'assets'],
    ['/v1/trades', 'history'],
    ['/v1/cashflows', 'history'],
    ['/v1/cashflows/creditCard', 'payment'],
    ['/v1/cashflows/accountTransfer/account', 'payment'],
    ['/v1/cashflows/saisonConnect/point', 'payment'],
    ['/v1/orders/:orderId', 'orders'],
    ['/v1/recurringPurchases', 'orders'],
    ['/v1/scheduledSells/:id', 'orders'],
    ['/v1/documents/:id', 'documents'],
    ['/balance/trades_report', 'documents'],
    ['/v6/tradeReportUrl', 'documents'],
    ['/v1/informations', 'notices'],
    ['/v1/badges/information', 'notices'],
    ['/v1/lastLogIn', 'security'],
    ['/auth/v1/user/profile', 'security'],
    ['/v1/operatorAccesses', 'security'],
    ['/v1/funds/:code/navs', 'funds'],
    ['/v6/accounts', 'account'],
    ['/v6/agent', 'account'],
    ['/v1/wb4UserStatus', 'account'],
  ] as const)('%s → %s', (path, area) => {
    expect(areaOfPath(path)).toBe(area);
  });

  it('calls outside every area, or rows without a path, are still listed as other', () => {
    expect(areaOfPath('/v1/somethingNew')).toBe('other');
    expect(areaOfPath('/v1/assetsExtra')).toBe('other');
    expect(areaOfPath(null)).toBe('other');
  });

  it('lists each area of a visit once, assets first', () => {
    expect(
      areasOfPaths(['/v6/accounts', '/v1/trades', '/v1/assets', '/v1/assets/history', null, '/v1/cashflows']),
    ).toEqual(['assets', 'history', 'account', 'other']);
  });
});
