import type { AssetHistory, AssetHolding, Assets } from '@fund/contracts';
import type { Database } from '@fund/db';
import {
  accountTypeValues,
  addCalendarDays,
  computeAssetHistory,
  emptyHoldingPosition,
  jstDateOf,
  jstInstant,
  calendarDateOf,
  capitalGainsTreatment,
  formatTimeOfDay,
  jstTimeOfDay,
  parseCutOffTime,
  publishedNavBound,
  realisedGain,
  replayMovement,
  sumValuations,
  valueHolding,
  valueOfUnits,
  withholdingForSale,
  type AccountType,
  type HoldingPosition,
  type IsoDate,
  type NavPer10k,
  type UnitMovement,
  type Units,
  type ValuationFigures,
  type Yen,
} from '@fund/domain';
import { BadRequestError } from '../../errors/app-error.ts';
import {
  cashBalanceOn,
  findFunds,
  latestNavs,
  listPendingSellUnits,
  listUnitTrades,
  navsBetween,
  readCurrentAssets,
  type NavRow,
  type UnitTradeRow,
  type ValuationFund,
} from './assets.repository.ts';
import { listSellsInFlight, unsettledCashBySide, type SellInFlightRow } from './in-transit.repository.ts';

/** Longest asset-history range: ten years and a few days. */
const maxHistoryDays = 3_700;
const dayMs = 24 * 60 * 60 * 1000;

function figures(item: ValuationFigures) {
  return {
    value: item.value.toString(),
    bookValue: item.bookValue.toString(),
    gainLoss: item.gainLoss.toString(),
    dayChange: item.dayChange.toString(),
  };
}

function movementOf(trade: UnitTradeRow): UnitMovement | undefined {
  if (trade.units === null || trade.units <= 0n) return undefined;
  const incoming = trade.side === 'BUY' || trade.side === 'IN';
  return {
    direction: incoming ? 'IN' : 'OUT',
    units: trade.units as Units,
    pricePer10k: incoming && trade.type === 'FUND' ? (trade.pricePer10k as NavPer10k | null) : null,
    // a purchase's 簿価 is what it cost; an 入庫 joins at the 個別元本
    amount: incoming && trade.type === 'FUND' ? (trade.amount as Yen) : null,
  };
}

const positionKey = (accountType: string, fundId: string) => `${accountType}|${fundId}`;

function dayIndex(from: string, date: string): number {
  return Math.round((Date.parse(date) - Date.parse(from)) / dayMs);
}

/** One holding to value: settled units, units of pending sells, 個別元本 and the latest two NAVs. */
interface Position {
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
interface MoneyInFlight {
  /** 未受渡金 by side: buys' held cash; scheduled sells' settled proceeds before their payout. */
  readonly unsettled: { readonly buys: bigint; readonly sells: bigint };
  /** Sell orders placed and not settled on the reference date. */
  readonly sells: readonly SellInFlightRow[];
}

/** Whether a sell was priced by the reference date (from its 約定日 its proceeds are known). */
function executedOn(sell: SellInFlightRow, referenceDate: IsoDate): boolean {
  return sell.executedAmount !== null && sell.tradeDate <= referenceDate;
}

/**
 * Net proceeds of a sell priced but not settled: gross − the tax withheld at settlement, estimated with
 * the rules settlement uses (gain over ⌈units × 個別元本 ÷ 10,000⌉, netted over the 受渡日's year) until
 * the order has settled and the real figure is on it.
 */
function netProceeds(sell: SellInFlightRow): bigint {
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
function assetsOf(
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
function startOfNextDay(date: IsoDate): Date {
  const nextDay = calendarDateOf(addCalendarDays(date, 1));
  return jstInstant(nextDay.year, nextDay.month, nextDay.day);
}

/**
 * 資産: the customer's holdings valued on a reference date with the rules of @fund/domain's valuation
 * module; this service only gathers the rows.
 */
export class AssetsService {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  today(): IsoDate {
    return jstDateOf(this.now());
  }

  /** The last NAV date a view of `date` may use: blind pricing hides a NAV until its date's cut-off. */
  #navBound(date: IsoDate, fund: ValuationFund): IsoDate {
    return publishedNavBound(date, this.now(), parseCutOffTime(fund.cutOffTime));
  }

  /**
   * Assets on the reference date (default today). Today's come from the holdings and balances that
   * settlement keeps (pending sells are the units they reserve); an earlier or later date replays the
   * settled trades up to it.
   */
  async assets(customerId: string, date: IsoDate | undefined): Promise<Assets> {
    const today = this.today();
    if (date === undefined || date === today) return this.#currentAssets(customerId, today);
    return this.#replayedAssets(customerId, date);
  }

  async #currentAssets(customerId: string, today: IsoDate): Promise<Assets> {
    const {
      holdings: rows,
      cashBalance,
      unsettled,
      sellsInFlight: sells,
    } = await readCurrentAssets(
      this.db,
      customerId,
      today,
      formatTimeOfDay(jstTimeOfDay(this.now())),
      startOfNextDay(today),
    );
    const positions = rows.map((row) => ({
      accountType: row.accountType,
      fund: row.fund,
      settledUnits: row.units,
      pendingSellUnits: row.reservedUnits,
      basisPer10k: row.costBasisPer10k,
      bookValue: row.bookValue,
      navs: row.navs,
    }));
    return assetsOf(today, positions, cashBalance, { unsettled, sells });
  }

  async #replayedAssets(customerId: string, referenceDate: IsoDate): Promise<Assets> {
    const placedBefore = startOfNextDay(referenceDate);
    const [unitTrades, pendingRows, cashBalance, unsettled, sells] = await Promise.all([
      listUnitTrades(this.db, customerId, referenceDate),
      listPendingSellUnits(this.db, customerId, referenceDate, placedBefore),
      cashBalanceOn(this.db, customerId, referenceDate),
      unsettledCashBySide(this.db, customerId, referenceDate),
      listSellsInFlight(this.db, customerId, referenceDate, placedBefore),
    ]);

    // replay each holding's settled movements (受渡日 ≤ reference date): units and 個別元本
    const replayed = new Map<
      string,
      { accountType: AccountType; fundId: string; position: HoldingPosition }
    >();
    for (const trade of unitTrades) {
      const movement = movementOf(trade);
      if (movement === undefined || trade.accountType === null || trade.fundId === null) continue;
      const key = positionKey(trade.accountType, trade.fundId);
      const entry = replayed.get(key) ?? {
        accountType: trade.accountType,
        fundId: trade.fundId,
        position: emptyHoldingPosition,
      };
      entry.position = replayMovement(entry.position, movement).position;
      replayed.set(key, entry);
    }
    const pending = new Map(
      pendingRows.map((row) => [positionKey(row.accountType, row.fundId), BigInt(row.units ?? '0')]),
    );
    const held = [...replayed.values()].filter((entry) => entry.position.units > 0n);
    const funds = new Map(
      (await findFunds(this.db, [...new Set(held.map((entry) => entry.fundId))])).map((fund) => [
        fund.id,
        fund,
      ]),
    );
    const navs = new Map(
      await Promise.all(
        [...funds.values()].map(
          async (fund) =>
            [fund.id, await latestNavs(this.db, fund.id, this.#navBound(referenceDate, fund), 2)] as const,
        ),
      ),
    );
    const positions = held.flatMap((entry) => {
      const fund = funds.get(entry.fundId);
      if (fund === undefined) return [];
      return [
        {
          accountType: entry.accountType,
          fund,
          settledUnits: entry.position.units,
          pendingSellUnits: pending.get(positionKey(entry.accountType, entry.fundId)) ?? 0n,
          basisPer10k: entry.position.basisPer10k,
          bookValue: entry.position.bookValue,
          navs: navs.get(entry.fundId) ?? [],
        },
      ];
    });
    return assetsOf(referenceDate, positions, cashBalance, { unsettled, sells });
  }

  async history(
    customerId: string,
    query: { from?: IsoDate | undefined; to?: IsoDate | undefined; interval: 'day' | 'month' },
  ): Promise<AssetHistory> {
    const to = query.to ?? this.today();
    const from = query.from ?? addCalendarDays(to, -365);
    if (from > to) throw new BadRequestError('from は to 以前の日付を指定してください。');
    const dayCount = dayIndex(from, to) + 1;
    if (dayCount > maxHistoryDays) throw new BadRequestError('期間は10年以内で指定してください。');

    // every settled unit movement up to `to`, with the book-value change the moving average gives it
    const unitTrades = await listUnitTrades(this.db, customerId, to);
    const fundIds = [
      ...new Set(unitTrades.flatMap((trade) => (trade.fundId === null ? [] : [trade.fundId]))),
    ];
    const funds = await findFunds(this.db, fundIds);
    const fundIndex = new Map(funds.map((fund, index) => [fund.id, index]));
    // One series slot per holding (a fund in one account type), not per fund: each holding's value is
    // rounded down once and the holdings are summed, as the summary of GET /v1/assets does
    // (valueHolding, sumValuations), so the chart and the summary show the same yen for a day. Valuing
    // a fund held in two accounts once on its summed units rounded once instead, a yen apart.
    const holdingIndex = new Map<string, number>();
    const holdingFund: number[] = [];
    const days: number[] = [];
    const fundColumn: number[] = [];
    const unitsColumn: number[] = [];
    const costColumn: number[] = [];
    const positions = new Map<string, HoldingPosition>();
    for (const trade of unitTrades) {
      const movement = movementOf(trade);
      if (movement === undefined || trade.accountType === null || trade.fundId === null) continue;
      const key = positionKey(trade.accountType, trade.fundId);
      const replayed = replayMovement(positions.get(key) ?? emptyHoldingPosition, movement);
      positions.set(key, replayed.position);
      let holding = holdingIndex.get(key);
      if (holding === undefined) {
        holding = holdingFund.length;
        holdingIndex.set(key, holding);
        holdingFund.push(fundIndex.get(trade.fundId) ?? 0);
      }
      days.push(dayIndex(from, trade.settlementDate));
      fundColumn.push(holding);
      unitsColumn.push(Number(movement.direction === 'IN' ? movement.units : -movement.units));
      costColumn.push(Number(replayed.bookValueChange));
    }

    // NAV on or before each day, per fund
    const nav = new Float64Array(funds.length * dayCount);
    await Promise.all(
      funds.map(async (fund, index) => {
        const [before] = await latestNavs(
          this.db,
          fund.id,
          this.#navBound(addCalendarDays(from, -1), fund),
          1,
        );
        const rows = await navsBetween(this.db, fund.id, from, this.#navBound(to, fund));
        let current = before === undefined ? 0 : Number(before.nav);
        let next = 0;
        for (let day = 0; day < dayCount; day += 1) {
          while (next < rows.length && dayIndex(from, rows[next]!.navDate) <= day) {
            current = Number(rows[next]!.nav);
            next += 1;
          }
          nav[index * dayCount + day] = current;
        }
      }),
    );

    // each holding's prices are its fund's
    const holdingNav = new Float64Array(holdingFund.length * dayCount);
    holdingFund.forEach((fund, holding) =>
      holdingNav.set(nav.subarray(fund * dayCount, (fund + 1) * dayCount), holding * dayCount),
    );
    const series = computeAssetHistory({
      dayCount,
      fundCount: holdingFund.length,
      transactionDay: Int32Array.from(days),
      transactionFund: Int32Array.from(fundColumn),
      transactionUnits: Float64Array.from(unitsColumn),
      transactionCost: Float64Array.from(costColumn),
      nav: holdingNav,
      retentionFeeBasisPoints: Int32Array.from(
        holdingFund.map((fund) => funds[fund]?.retentionFeeBasisPoints ?? 0),
      ),
    });
    const points: AssetHistory['points'] = [];
    for (let day = 0; day < dayCount; day += 1) {
      const date = addCalendarDays(from, day);
      const monthEnd = day === dayCount - 1 || addCalendarDays(date, 1).endsWith('-01');
      if (query.interval === 'month' && !monthEnd) continue;
      points.push({ date, value: String(series.value[day]), cost: String(series.cost[day]) });
    }
    return { from, to, interval: query.interval, points };
  }
}
