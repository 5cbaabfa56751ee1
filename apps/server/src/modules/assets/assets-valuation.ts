import type { AssetHolding, Assets } from '@fund/contracts';
import {
  accountTypeValues,
  addCalendarDays,
  jstInstant,
  calendarDateOf,
  capitalGainsTreatment,
  realisedGain,
  sumValuations,
  valueHolding,
  valueOfUnits,
  withholdingForSale,
  type AccountType,
  type IsoDate,
  type NavPer10k,
  type Units,
  type ValuationFigures,
  type Yen,
} from '@fund/domain';
import type { NavRow, ValuationFund } from './assets.repository.ts';
import type { SellInFlightRow } from './in-transit.repository.ts';

// The valuation of a customer's positions on a date, from rows the service gathers (no queries here).

/** Longest asset-history range: ten years and a few days. */
export const maxHistoryDays = 3_700;
export const dayMs = 24 * 60 * 60 * 1000;

export function figures(item: ValuationFigures) {
  return {
    value: item.value.toString(),
    bookValue: item.bookValue.toString(),
    gainLoss: item.gainLoss.toString(),
    dayChange: item.dayChange.toString(),
  };
}

export const positionKey = (accountType: string, fundId: string) => `${accountType}|${fundId}`;

export function dayIndex(from: string, date: string): number {
  return Math.round((Date.parse(date) - Date.parse(from)) / dayMs);
}

/** One holding to value: settled units, units of pending sells, 個別元本 and the latest two NAVs. */
export interface Position {
  readonly accountType: AccountType;
  readonly fund: ValuationFund;
  readonly settledUnits: bigint;
  readonly pendingSellUnits: bigint;
  readonly basisPer10k: bigint;
  /** 簿価 of the settled units. */
  readonly bookValue: bigint;
  /** Latest first, on or before the reference date. */
  readonly navs: readonly NavRow[];
}

/** Money of the customer in flight on the reference date (domain.md §2 "Money in flight"). */
export interface MoneyInFlight {
  /** 未受渡金 by side: buys' held cash; scheduled sells' settled proceeds before their payout. */
  readonly unsettled: { readonly buys: bigint; readonly sells: bigint };
  /** Sell orders placed and not settled on the reference date. */
  readonly sells: readonly SellInFlightRow[];
}

/** Whether a sell was priced by the reference date (from its 約定日 its proceeds are known). */
export function executedOn(sell: SellInFlightRow, referenceDate: IsoDate): boolean {
  return sell.executedAmount !== null && sell.tradeDate <= referenceDate;
}

/**
 * Net proceeds of a sell priced but not settled: gross − the tax withheld at settlement, estimated with
 * the rules settlement uses (gain over ⌈units × 個別元本 ÷ 10,000⌉, netted over the 受渡日's year) until
 * the order has settled and the real figure is on it.
 */
export function netProceeds(sell: SellInFlightRow): bigint {
  const gross = sell.executedAmount ?? 0n;
  if (sell.status === 'TRADED' || sell.status === 'COMPLETED') return gross - sell.taxWithheld;
  if (capitalGainsTreatment(sell.accountType) !== 'withholding') return gross;
  const { gain } = realisedGain(sell.units as Units, gross as Yen, sell.basisPer10k as Yen);
  const tax = withholdingForSale({
    yearToDateNetGain: sell.yearNetGain as Yen,
    yearToDateWithheld: { incomeTax: sell.yearIncomeTax as Yen, residentTax: sell.yearResidentTax as Yen },
    saleGain: gain,
  });
  return gross - tax.total;
}

/** The answer of GET /v1/assets: each holding valued, subtotals per account type, the total, cash apart. */
export function assetsOf(
  referenceDate: IsoDate,
  positions: readonly Position[],
  cashBalance: bigint,
  inFlight: MoneyInFlight,
): Assets {
  // units of sells not priced yet, per holding: shown as the estimate of their value
  const unpricedUnits = new Map<string, bigint>();
  let pricedSells = 0n;
  for (const sell of inFlight.sells) {
    if (executedOn(sell, referenceDate)) {
      pricedSells += netProceeds(sell);
    } else {
      const key = positionKey(sell.accountType, sell.fundId);
      unpricedUnits.set(key, (unpricedUnits.get(key) ?? 0n) + sell.units);
    }
  }
  let unpricedSells = 0n;
  const holdings = positions
    .map((position) => {
      const [latest, previous] = position.navs;
      const valuation = valueHolding({
        settledUnits: position.settledUnits as Units,
        pendingSellUnits: position.pendingSellUnits as Units,
        bookValue: position.bookValue as Yen,
        nav: (latest?.nav ?? null) as NavPer10k | null,
        previousNav: (previous?.nav ?? null) as NavPer10k | null,
        retentionFeeBasisPoints: position.fund.retentionFeeBasisPoints,
      });
      const price = valuation.cancellationPrice;
      const pendingSellValue = price === null ? 0n : valueOfUnits(valuation.pendingSellUnits, price);
      const unpriced = unpricedUnits.get(positionKey(position.accountType, position.fund.id)) ?? 0n;
      if (price !== null) {
        const deducted = unpriced < valuation.pendingSellUnits ? unpriced : valuation.pendingSellUnits;
        unpricedSells += valueOfUnits(deducted as Units, price);
      }
      const { fund } = position;
      return {
        holding: {
          accountType: position.accountType,
          fund: { code: fund.code, name: fund.name, shortName: fund.shortName },
          units: valuation.units.toString(),
          pendingSellUnits: valuation.pendingSellUnits.toString(),
          pendingSellValue: pendingSellValue.toString(),
          costBasisPer10k: position.basisPer10k.toString(),
          navDate: latest?.navDate ?? null,
          nav: latest?.nav.toString() ?? null,
          cancellationPrice: valuation.cancellationPrice?.toString() ?? null,
          previousNavDate: previous?.navDate ?? null,
          ...figures(valuation),
        } satisfies AssetHolding,
        valuation,
        order: accountTypeValues.indexOf(position.accountType),
      };
    })
    .sort((a, b) => a.order - b.order || (a.holding.fund.code < b.holding.fund.code ? -1 : 1));
  const byAccountType = accountTypeValues.flatMap((accountType) => {
    const items = holdings.filter((item) => item.holding.accountType === accountType);
    if (items.length === 0) return [];
    return [{ accountType, ...figures(sumValuations(items.map((item) => item.valuation))) }];
  });
  const total = sumValuations(holdings.map((item) => item.valuation));
  const buys = inFlight.unsettled.buys;
  const sells = inFlight.unsettled.sells + pricedSells + unpricedSells;
  return {
    referenceDate,
    holdings: holdings.map((item) => item.holding),
    byAccountType,
    total: figures(total),
    cashBalance: cashBalance.toString(),
    inTransit: { buys: buys.toString(), sells: sells.toString() },
    totalAssets: (total.value + cashBalance + buys + sells).toString(),
  };
}

/** Start of the JST day after `date`: orders placed before it were placed on or before `date`. */
export function startOfNextDay(date: IsoDate): Date {
  const nextDay = calendarDateOf(addCalendarDays(date, 1));
  return jstInstant(nextDay.year, nextDay.month, nextDay.day);
}
