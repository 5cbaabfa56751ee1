import type { AssetHistory, Assets } from '@fund/contracts';
import type { Database } from '@fund/db';
import {
  addCalendarDays,
  computeAssetHistory,
  jstDateOf,
  formatTimeOfDay,
  jstTimeOfDay,
  parseCutOffTime,
  publishedNavBound,
  type AccountType,
  type HoldingPosition,
  type IsoDate,
} from '@fund/domain';
import { BadRequestError } from '../../errors/app-error.ts';
import {
  cashBalanceOn,
  findFunds,
  latestNavs,
  listPendingSellUnits,
  navsBetween,
  readCurrentAssets,
  type ValuationFund,
} from './assets.repository.ts';
import { replayHoldings } from './holding-replay.ts';
import { listPrincipalRepayments, listUnitTrades } from './holding-replay.repository.ts';
import { listSellsInFlight, unsettledCashBySide } from './in-transit.repository.ts';
import { maxHistoryDays, positionKey, dayIndex, assetsOf, startOfNextDay } from './assets-valuation.ts';

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
    const [unitTrades, repayments, pendingRows, cashBalance, unsettled, sells] = await Promise.all([
      listUnitTrades(this.db, customerId, referenceDate),
      listPrincipalRepayments(this.db, customerId, referenceDate),
      listPendingSellUnits(this.db, customerId, referenceDate, placedBefore),
      cashBalanceOn(this.db, customerId, referenceDate),
      unsettledCashBySide(this.db, customerId, referenceDate),
      listSellsInFlight(this.db, customerId, referenceDate, placedBefore),
    ]);

    // each holding as of the reference date (受渡日 ≤ it): units, 個別元本 and 簿価
    const replayed = new Map<
      string,
      { accountType: AccountType; fundId: string; position: HoldingPosition }
    >();
    for (const change of replayHoldings(unitTrades, repayments)) {
      replayed.set(positionKey(change.accountType, change.fundId), change);
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

    // every settled unit movement and 元本払戻金 up to `to`, with the book-value change each made
    const [unitTrades, repayments] = await Promise.all([
      listUnitTrades(this.db, customerId, to),
      listPrincipalRepayments(this.db, customerId, to),
    ]);
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
    for (const change of replayHoldings(unitTrades, repayments)) {
      const key = positionKey(change.accountType, change.fundId);
      let holding = holdingIndex.get(key);
      if (holding === undefined) {
        holding = holdingFund.length;
        holdingIndex.set(key, holding);
        holdingFund.push(fundIndex.get(change.fundId) ?? 0);
      }
      days.push(dayIndex(from, change.date));
      fundColumn.push(holding);
      unitsColumn.push(Number(change.unitsChange));
      costColumn.push(Number(change.bookValueChange));
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
