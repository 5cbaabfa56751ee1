import { describe, expect, it } from 'vitest';
import { navPer10k, signedYen, yen } from '../money/money.ts';
import { splitDistribution } from './distribution-split.ts';

describe('splitting a distribution into 普通分配金 and 元本払戻金 against 個別元本 10,000', () => {
  it('is all 普通分配金 when the NAV after it stays at or above 個別元本: 11,500 − 1,000 = 10,500 ≥ 10,000', () => {
    expect(splitDistribution(yen(1_000), navPer10k(10_500), yen(10_000))).toEqual({
      ordinaryPer10k: 1_000n,
      principalRepaymentPer10k: 0n,
      basisAfterPer10k: 10_000n,
    });
  });

  it('repays principal for the part below 個別元本: NAV 10,500 − 1,000 = 9,500, so 500 元本払戻金 and 500 普通分配金; 個別元本 → 9,500', () => {
    expect(splitDistribution(yen(1_000), navPer10k(9_500), yen(10_000))).toEqual({
      ordinaryPer10k: 500n,
      principalRepaymentPer10k: 500n,
      basisAfterPer10k: 9_500n,
    });
  });

  it('is all 元本払戻金 when the NAV was already below 個別元本: NAV 9,800 − 300 = 9,500', () => {
    expect(splitDistribution(yen(300), navPer10k(9_500), yen(10_000))).toEqual({
      ordinaryPer10k: 0n,
      principalRepaymentPer10k: 300n,
      basisAfterPer10k: 9_700n,
    });
  });

  it('refuses a negative distribution', () => {
    expect(() => splitDistribution(signedYen(-1), navPer10k(9_500), yen(10_000))).toThrow(RangeError);
  });
});
