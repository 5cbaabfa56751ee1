import { describe, expect, it } from 'vitest';
import { navPer10k, units, yen } from '../money/money.ts';
import { distributionPayout, reinvestment } from './distribution-payout.ts';

// 100,000 units (10 × 10,000), 分配金 100 円 per 10,000 units: 1,000 yen before tax.
const holder = { units: units(100_000), accountType: 'specific', role: 'ADULT' } as const;

describe('a distribution split against the holder’s 個別元本, taxed by account type and customer kind', () => {
  it('ex-NAV above 個別元本: all 普通分配金, 20.315% withheld in the specific account (152 + 50 yen)', () => {
    expect(
      distributionPayout(
        { ...holder, basisPer10k: yen(10_000) },
        { per10k: yen(100), exNavPer10k: navPer10k(10_500) },
      ),
    ).toEqual({
      gross: 1_000n,
      ordinary: 1_000n,
      principalRepayment: 0n,
      tax: { incomeTax: 153n, residentTax: 50n },
      net: 797n,
      basisAfterPer10k: 10_000n,
    });
  });

  it('ex-NAV below 個別元本 by less than the distribution: split both ways, 個別元本 lowered by the repayment', () => {
    // 個別元本 10,040, ex-NAV 10,000: 40 of the 100 repay principal
    expect(
      distributionPayout(
        { ...holder, basisPer10k: yen(10_040) },
        { per10k: yen(100), exNavPer10k: navPer10k(10_000) },
      ),
    ).toEqual({
      gross: 1_000n,
      ordinary: 600n,
      principalRepayment: 400n,
      tax: { incomeTax: 91n, residentTax: 30n },
      net: 879n,
      basisAfterPer10k: 10_000n,
    });
  });

  it('ex-NAV already below 個別元本 by the whole distribution: all 元本払戻金, no tax', () => {
    const payout = distributionPayout(
      { ...holder, basisPer10k: yen(11_000) },
      { per10k: yen(100), exNavPer10k: navPer10k(9_000) },
    );
    expect(payout).toMatchObject({ ordinary: 0n, principalRepayment: 1_000n, net: 1_000n });
    expect(payout.basisAfterPer10k).toBe(10_900n);
  });

  it('a general account is withheld like the specific one', () => {
    const payout = distributionPayout(
      { ...holder, accountType: 'general', basisPer10k: yen(9_000) },
      { per10k: yen(100), exNavPer10k: navPer10k(10_000) },
    );
    expect(payout.tax).toEqual({ incomeTax: 153n, residentTax: 50n });
  });

  it('NISA: nothing withheld', () => {
    const payout = distributionPayout(
      { ...holder, accountType: 'nisa2_growth', basisPer10k: yen(9_000) },
      { per10k: yen(100), exNavPer10k: navPer10k(10_000) },
    );
    expect(payout.tax).toEqual({ incomeTax: 0n, residentTax: 0n });
    expect(payout.net).toBe(1_000n);
  });

  it('a corporation: 15.315% income tax only, no resident tax', () => {
    const payout = distributionPayout(
      { ...holder, role: 'CORPORATION', accountType: 'general', basisPer10k: yen(9_000) },
      { per10k: yen(100), exNavPer10k: navPer10k(10_000) },
    );
    expect(payout.tax).toEqual({ incomeTax: 153n, residentTax: 0n });
    expect(payout.net).toBe(847n);
  });

  it('rounds each part down for units that are not a multiple of 10,000', () => {
    // 12,345 units × 60 / 10,000 = 74.07 → 74 普通; × 40 / 10,000 = 49.38 → 49 元本払戻
    const payout = distributionPayout(
      { ...holder, units: units(12_345), basisPer10k: yen(10_040) },
      { per10k: yen(100), exNavPer10k: navPer10k(10_000) },
    );
    expect(payout).toMatchObject({ ordinary: 74n, principalRepayment: 49n, gross: 123n });
  });
});

describe('reinvestment at the ex-NAV, fee-free, units rounded down and the remainder paid in cash', () => {
  it('797 yen at 10,500: 759 units cost 797 yen (⌈759 × 10,500 ÷ 10,000⌉), nothing left', () => {
    expect(reinvestment(yen(797), navPer10k(10_500))).toEqual({ units: 759n, amount: 797n, cash: 0n });
  });

  it('a remainder no whole unit can take is paid in cash', () => {
    // 1,000 yen at 30,000: 333 units cost 999 yen, 1 yen is paid in cash
    expect(reinvestment(yen(1_000), navPer10k(30_000))).toEqual({ units: 333n, amount: 999n, cash: 1n });
    expect(reinvestment(yen(0), navPer10k(30_000))).toEqual({ units: 0n, amount: 0n, cash: 0n });
  });

  it('never spends more than the net amount', () => {
    for (let net = 1n; net < 400n; net += 7n) {
      for (const nav of [9_999n, 10_000n, 10_001n, 23_457n]) {
        const bought = reinvestment(yen(net), navPer10k(nav));
        expect(bought.amount + bought.cash).toBe(net);
        expect(bought.cash).toBeGreaterThanOrEqual(0n);
      }
    }
  });
});
