import { isoDate } from '@fund/domain';
import { describe, expect, it } from 'vitest';
import { historySearchOf, historyViewOf, periodRange } from './history-filters';

describe('history periods in Japan’s calendar', () => {
  it('先月 is the whole previous calendar month, across a year end', () => {
    expect(periodRange('lastMonth', isoDate('2026-11-26'))).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(periodRange('lastMonth', isoDate('2027-01-05'))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(periodRange('lastMonth', isoDate('2028-03-31'))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('今月 is the whole current month; 3か月 and 1年 end today; すべて has no bounds', () => {
    expect(periodRange('thisMonth', isoDate('2026-02-10'))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodRange('threeMonths', isoDate('2026-05-31'))).toEqual({
      from: '2026-02-28',
      to: '2026-05-31',
    });
    expect(periodRange('oneYear', isoDate('2026-11-26'))).toEqual({ from: '2025-11-26', to: '2026-11-26' });
    expect(periodRange('all', isoDate('2026-11-26'))).toEqual({});
  });
});

describe('the screen’s state in the address', () => {
  it('reads tab and filters, and falls back to the defaults on anything unknown', () => {
    const view = historyViewOf(new URLSearchParams('tab=trades&type=CAPITAL_GAIN&period=lastMonth'));
    expect(view.tab).toBe('trades');
    expect(view.trades).toEqual({ type: 'CAPITAL_GAIN', period: 'lastMonth' });
    const unknown = historyViewOf(new URLSearchParams('tab=x&type=y&period=z&status=w'));
    expect(unknown).toEqual({
      tab: 'cashflows',
      cashflows: { type: 'all', period: 'all' },
      trades: { type: 'ALL', period: 'all' },
      orders: { status: 'all' },
    });
  });

  it('writes short addresses that read back the same', () => {
    expect(historySearchOf('orders')).toBe('?tab=orders');
    const search = historySearchOf('cashflows', { type: 'withdraw', period: 'lastMonth' });
    expect(search).toBe('?tab=cashflows&type=withdraw&period=lastMonth');
    expect(historyViewOf(new URLSearchParams(search)).cashflows).toEqual({
      type: 'withdraw',
      period: 'lastMonth',
    });
  });
});
