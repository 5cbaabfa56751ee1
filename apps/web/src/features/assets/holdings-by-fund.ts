import type { AssetHolding } from '@fund/contracts';

/** One fund's holdings across account types, with the sums ファンド別 shows at its head. */
export interface FundHoldings {
  readonly fund: AssetHolding['fund'];
  readonly holdings: readonly AssetHolding[];
  readonly value: bigint;
  readonly bookValue: bigint;
  readonly gainLoss: bigint;
  readonly dayChange: bigint;
  readonly units: bigint;
}

/**
 * Holdings grouped by fund, in the order each fund first appears in the answer (the server lists them by
 * account type, then fund). The sums add the API's own per-holding figures, each already rounded, so a
 * fund's 評価額 is exactly the sum of the rows below it.
 */
export function holdingsByFund(holdings: readonly AssetHolding[]): FundHoldings[] {
  const groups = new Map<string, { fund: AssetHolding['fund']; holdings: AssetHolding[] }>();
  for (const holding of holdings) {
    const group = groups.get(holding.fund.code);
    if (group === undefined) groups.set(holding.fund.code, { fund: holding.fund, holdings: [holding] });
    else group.holdings.push(holding);
  }
  return [...groups.values()].map(({ fund, holdings: group }) => {
    const sum = (pick: (holding: AssetHolding) => string) =>
      group.reduce((total, holding) => total + BigInt(pick(holding)), 0n);
    return {
      fund,
      holdings: group,
      value: sum((holding) => holding.value),
      bookValue: sum((holding) => holding.bookValue),
      gainLoss: sum((holding) => holding.gainLoss),
      dayChange: sum((holding) => holding.dayChange),
      units: sum((holding) => holding.units),
    };
  });
}
