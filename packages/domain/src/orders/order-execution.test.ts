import { describe, expect, it } from 'vitest';
import { InsufficientUnitsError, OrderTooSmallError } from '../money/fund-pricing.ts';
import { navPer10k, units, yen } from '../money/money.ts';
import { executeBuy, executeSell } from './order-execution.ts';

describe('executing a buy on its 約定日', () => {
  it('AMOUNT 30,000 yen at NAV 15,000: 30,000 × 10,000 ÷ 15,000 = 20,000 units, 30,000 yen paid', () => {
    expect(executeBuy({ type: 'AMOUNT', amount: yen(30_000) }, navPer10k(15_000))).toEqual({
      units: 20_000n,
      amount: 30_000n,
    });
  });

  it('AMOUNT 10,000 yen at NAV 12,345 buys 8,100 units; the whole 10,000 yen is the amount (no-load)', () => {
    expect(executeBuy({ type: 'AMOUNT', amount: yen(10_000) }, navPer10k(12_345))).toEqual({
      units: 8_100n,
      amount: 10_000n,
    });
  });

  it('QUANTITY 8,101 units at NAV 12,345 costs ⌈10,000.68…⌉ = 10,001 yen', () => {
    expect(executeBuy({ type: 'QUANTITY', units: units(8_101) }, navPer10k(12_345))).toEqual({
      units: 8_101n,
      amount: 10_001n,
    });
  });

  it('refuses a buy that would get no unit: 1 yen at NAV 20,000 → ⌊0.5⌋ = 0 units', () => {
    expect(() => executeBuy({ type: 'AMOUNT', amount: yen(1) }, navPer10k(20_000))).toThrow(
      OrderTooSmallError,
    );
    expect(() => executeBuy({ type: 'QUANTITY', units: units(0) }, navPer10k(20_000))).toThrow(
      OrderTooSmallError,
    );
  });
});

describe('executing a sell at the 解約価額 12,307 with 8,100 units held', () => {
  const price = navPer10k(12_307);
  const held = units(8_100);

  it('AMOUNT 5,000 yen sells 4,063 units for 5,000 yen', () => {
    expect(executeSell({ type: 'AMOUNT', amount: yen(5_000) }, held, price)).toEqual({
      units: 4_063n,
      grossProceeds: 5_000n,
      capped: false,
    });
  });

  it('AMOUNT 20,000 yen is capped: all 8,100 units for 9,968 yen', () => {
    expect(executeSell({ type: 'AMOUNT', amount: yen(20_000) }, held, price)).toEqual({
      units: 8_100n,
      grossProceeds: 9_968n,
      capped: true,
    });
  });

  it('QUANTITY 1,000 units pays ⌊1,230.7⌋ = 1,230 yen', () => {
    expect(executeSell({ type: 'QUANTITY', units: units(1_000) }, held, price)).toEqual({
      units: 1_000n,
      grossProceeds: 1_230n,
      capped: false,
    });
  });

  it('QUANTITY above the holding is refused, not capped', () => {
    expect(() => executeSell({ type: 'QUANTITY', units: units(8_101) }, held, price)).toThrow(
      InsufficientUnitsError,
    );
  });

  it('ALL sells every unit: 8,100 units for 9,968 yen', () => {
    expect(executeSell({ type: 'ALL' }, held, price)).toEqual({
      units: 8_100n,
      grossProceeds: 9_968n,
      capped: false,
    });
  });

  it('refuses to sell from an empty holding', () => {
    expect(() => executeSell({ type: 'ALL' }, units(0), price)).toThrow(OrderTooSmallError);
    expect(() => executeSell({ type: 'AMOUNT', amount: yen(100) }, units(0), price)).toThrow(
      OrderTooSmallError,
    );
  });
});
