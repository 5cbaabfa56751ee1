import { describe, expect, it } from 'vitest';
import { yen } from '../money/money.ts';
import { checkPointUse, pointsToYen, type PointUseRequest } from './points.ts';

const spot: PointUseRequest = {
  points: 200n,
  purchaseKind: 'SPOT',
  balance: 10_000n,
  orderAmount: yen(10_000),
};

describe('using card points for a spot purchase', () => {
  it('values points at 450 yen per 100: 200 → 900 yen, 1,000 → 4,500 yen', () => {
    expect(pointsToYen(200n)).toBe(900n);
    expect(pointsToYen(1_000n)).toBe(4_500n);
    expect(() => pointsToYen(150n)).toThrow(RangeError);
  });

  it('takes 200 points off a 10,000-yen order: pay 10,000 − 900 = 9,100, the full 10,000 still buys units', () => {
    expect(checkPointUse(spot)).toEqual({ ok: true, pointsValue: 900n, amountToPay: 9_100n });
  });

  it('treats 0 points as no point use', () => {
    expect(checkPointUse({ ...spot, points: 0n })).toEqual({
      ok: true,
      pointsValue: 0n,
      amountToPay: 10_000n,
    });
  });

  it('refuses 100 points (below 200) and 250 points (not a step of 100), listing every reason', () => {
    expect(checkPointUse({ ...spot, points: 100n })).toEqual({ ok: false, reasons: ['below-minimum'] });
    expect(checkPointUse({ ...spot, points: 250n })).toEqual({ ok: false, reasons: ['not-in-steps-of-100'] });
    expect(checkPointUse({ ...spot, points: 150n })).toEqual({
      ok: false,
      reasons: ['below-minimum', 'not-in-steps-of-100'],
    });
  });

  it('refuses points on a recurring purchase', () => {
    expect(checkPointUse({ ...spot, purchaseKind: 'RECURRING' })).toEqual({
      ok: false,
      reasons: ['recurring-purchase'],
    });
  });

  it('refuses more points than the balance: 300 with 299 held', () => {
    expect(checkPointUse({ ...spot, points: 300n, balance: 299n })).toEqual({
      ok: false,
      reasons: ['exceeds-balance'],
    });
  });

  it('refuses points worth more than the order: 300 points = 1,350 yen on a 1,000-yen order; 200 = 900 is fine', () => {
    const small = { ...spot, orderAmount: yen(1_000) };
    expect(checkPointUse({ ...small, points: 300n })).toEqual({
      ok: false,
      reasons: ['exceeds-order-amount'],
    });
    expect(checkPointUse(small)).toEqual({ ok: true, pointsValue: 900n, amountToPay: 100n });
    expect(checkPointUse({ ...spot, points: 200n, orderAmount: yen(900) })).toEqual({
      ok: true,
      pointsValue: 900n,
      amountToPay: 0n,
    });
  });

  it('refuses negative points', () => {
    expect(checkPointUse({ ...spot, points: -200n })).toEqual({ ok: false, reasons: ['negative'] });
  });
});
