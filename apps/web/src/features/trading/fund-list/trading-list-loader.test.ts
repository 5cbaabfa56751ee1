import { FundsPath, PlansPath } from '@fund/contracts/paths';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedSignedInSession } from '../../../lib/auth/test/fake-session';
import { createQueryClient } from '../../../lib/query/query-client';
import { apiServer } from '../../../test/msw/server';
import { ApiError } from '../../../lib/api/api-client';
import { fundQueryOptions } from '../shared/api/get-fund';
import { fundsQueryOptions } from './api/get-funds';
import { navsQueryOptions } from './api/get-navs';
import { recurringPurchasesQueryOptions } from '../shared/api/get-plans';
import { navRangeFrom } from './fund-nav-range';
import { loadTradingPage, openFundOf } from './trading-list-loader';

describe('loadTradingPage', () => {
  beforeEach(() => seedSignedInSession());
  afterEach(() => apiServer.events.removeAllListeners());

  it('has the funds before the first paint and starts the plans, the opened fund and its 1年 chart beside them', async () => {
    const queryClient = createQueryClient();
    const requests: string[] = [];
    apiServer.events.on('request:start', ({ request }) => {
      const url = new URL(request.url);
      requests.push(`${url.pathname}${url.search}`);
    });
    await loadTradingPage({
      queryClient,
      params: {},
      url: new URL('http://localhost/trading?fund=DEMOF001'),
      accountRole: async () => null,
    });
    expect(queryClient.getQueryData(fundsQueryOptions().queryKey)?.funds[0]?.code).toBe('DEMOF001');
    // what the first paint does not need was started, not awaited
    await vi.waitFor(() =>
      expect(requests).toContain('/v1/funds/DEMOF001/navs?from=2025-11-25&to=2026-11-25'),
    );
    expect(requests).toContain(PlansPath.recurringPurchases);
    expect(requests).toContain(PlansPath.scheduledSells);
    expect(requests).toContain(PlansPath.monthlyDeposit);
    expect(requests).toContain('/v1/funds/DEMOF001');
    await queryClient.fetchQuery(recurringPurchasesQueryOptions());
    expect(queryClient.getQueryState(fundQueryOptions('DEMOF001').queryKey)).toBeDefined();
    expect(
      queryClient.getQueryState(navsQueryOptions('DEMOF001', '2025-11-25', '2026-11-25').queryKey),
    ).toBeDefined();
  });

  it('leaves a failed funds call in its query for the page to show in place', async () => {
    apiServer.use(
      http.get(FundsPath.funds, () => HttpResponse.json({ code: '500-000', message: 'x' }, { status: 500 })),
    );
    const queryClient = createQueryClient();
    const load = loadTradingPage({
      queryClient,
      params: {},
      url: new URL('http://localhost/trading'),
      accountRole: async () => null,
    });
    // the route's loader turns an API error into the page's error state (decision 012): the query keeps it
    await expect(load).rejects.toBeInstanceOf(ApiError);
    expect(queryClient.getQueryState(fundsQueryOptions().queryKey)?.status).toBe('error');
  });

  it('reads only a fund code from ?fund=', () => {
    expect(openFundOf(new URL('http://localhost/trading?fund=DEMOF002'))).toBe('DEMOF002');
    expect(openFundOf(new URL('http://localhost/trading?fund=<x>'))).toBeNull();
    expect(openFundOf(new URL('http://localhost/trading'))).toBeNull();
  });
});

describe('navRangeFrom', () => {
  it('goes back 1 month, 1 year or 5 years from the latest 基準日, to the month’s last day when it is shorter', () => {
    expect(navRangeFrom('2026-11-25', '1M')).toBe('2026-10-25');
    expect(navRangeFrom('2026-01-15', '1M')).toBe('2025-12-15');
    expect(navRangeFrom('2026-03-31', '1M')).toBe('2026-02-28');
    expect(navRangeFrom('2024-02-29', '1Y')).toBe('2023-02-28');
    expect(navRangeFrom('2026-11-25', '5Y')).toBe('2021-11-25');
  });
});
