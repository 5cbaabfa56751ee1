import { describe, expect, it } from 'vitest';
import { units, yen } from '../money/money.ts';
import { applyPrincipalRepayment } from './principal-repayment.ts';

// 200,000 units bought for 240,000 yen (個別元本 12,000); a distribution returned 6,000 yen of principal
// and left the 個別元本 at 11,700 (300 yen per 10,000 units returned).
const holding = { units: units(200_000), basisPer10k: yen(12_000), bookValue: yen(240_000) };
const repaid = { basisAfterPer10k: yen(11_700), principalRepayment: yen(6_000) };

describe('a 元本払戻金 lowers what the holding cost (domain.md §9)', () => {
  it('in the specific account: 個別元本 to the distribution’s, 簿価 down by the 元本払戻金', () => {
    expect(applyPrincipalRepayment(holding, { ...repaid, accountType: 'specific' })).toEqual({
      units: 200_000n,
      basisPer10k: 11_700n,
      bookValue: 234_000n,
    });
    expect(applyPrincipalRepayment(holding, { ...repaid, accountType: 'general' }).bookValue).toBe(234_000n);
  });

  it('in a NISA account: 個別元本 lowered, 簿価 kept (it counts the room the purchases used)', () => {
    expect(applyPrincipalRepayment(holding, { ...repaid, accountType: 'nisa2_growth' })).toEqual({
      units: 200_000n,
      basisPer10k: 11_700n,
      bookValue: 240_000n,
    });
  });

  it('never takes the 簿価 below 0', () => {
    const small = { ...holding, bookValue: yen(4_000) };
    expect(applyPrincipalRepayment(small, { ...repaid, accountType: 'specific' }).bookValue).toBe(0n);
  });

  it('leaves a holding sold out before the payment as it is', () => {
    const soldOut = { units: units(0), basisPer10k: yen(0), bookValue: yen(0) };
    expect(applyPrincipalRepayment(soldOut, { ...repaid, accountType: 'specific' })).toBe(soldOut);
  });
});
