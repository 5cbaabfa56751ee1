import type { AssetHistory, AssetHolding, Assets } from '@fund/contracts';
import type { Database } from '@fund/db';
import {
  accountTypeValues,
  addCalendarDays,
  computeAssetHistory,
  emptyCostBasisPosition,
  jstDateOf,
  jstInstant,
  calendarDateOf,
  replayMovement,
  sumValuations,
  valueHolding,
  type AccountType,
  type CostBasisPosition,
  type IsoDate,
  type NavPer10k,
  type UnitMovement,
  type Units,
  type ValuationFigures,
} from '@fund/domain';
import { BadRequestError } from '../../errors/app-error.ts';
import {
  cashBalanceOn,
  findFunds,
  latestNavs,
  listPendingSellUnits,
  listUnitTrades,
  navsBetween,
  type UnitTradeRow,
} from './assets.repository.ts';

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
  };
}

const positionKey = (accountType: string, fundId: string) => `${accountType}|${fundId}`;

function dayIndex(from: string, date: string): number {
  return Math.round((Date.parse(date) - Date.parse(from)) / dayMs);
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

  async assets(customerId: string, date: IsoDate | undefined): Promise<Assets> {
    const referenceDate = date ?? this.today();
    const nextDay = calendarDateOf(addCalendarDays(referenceDate, 1));
    const [unitTrades, pendingRows, cashBalance] = await Promise.all([
      listUnitTrades(this.db, customerId, referenceDate),
      listPendingSellUnits(
        this.db,
        customerId,
        referenceDate,
        jstInstant(nextDay.year, nextDay.month, nextDay.day),
      ),
      cashBalanceOn(this.db, customerId, referenceDate),
    ]);

    // replay each holding's settled movements (受渡日 ≤ reference date): units and 個別元本
    const positions = new Map<
      string,
      { accountType: AccountType; fundId: string; position: CostBasisPosition }
    >();
    for (const trade of unitTrades) {
      const movement = movementOf(trade);
      if (movement === undefined || trade.accountType === null || trade.fundId === null) continue;
      const key = positionKey(trade.accountType, trade.fundId);
      const entry = positions.get(key) ?? {
        accountType: trade.accountType,
        fundId: trade.fundId,
        position: emptyCostBasisPosition,
      };
      entry.position = replayMovement(entry.position, movement).position;
      positions.set(key, entry);
    }
    const pending = new Map(
      pendingRows.map((row) => [positionKey(row.accountType, row.fundId), BigInt(row.units ?? '0')]),
    );
    const held = [...positions.values()].filter((entry) => entry.position.units > 0n);

    const funds = await findFunds(this.db, [...new Set(held.map((entry) => entry.fundId))]);
    const navs = new Map(
      await Promise.all(
        funds.map(async (fund) => [fund.id, await latestNavs(this.db, fund.id, referenceDate, 2)] as const),
      ),
    );

    const holdings: (AssetHolding & { figures: ValuationFigures; order: number })[] = [];
    for (const fund of funds) {
      for (const entry of held.filter((candidate) => candidate.fundId === fund.id)) {
        const [latest, previous] = navs.get(fund.id) ?? [];
        const valuation = valueHolding({
          settledUnits: entry.position.units,
          pendingSellUnits: (pending.get(positionKey(entry.accountType, fund.id)) ?? 0n) as Units,
          basisPer10k: entry.position.basisPer10k,
          nav: (latest?.nav ?? null) as NavPer10k | null,
          previousNav: (previous?.nav ?? null) as NavPer10k | null,
          retentionFeeBasisPoints: fund.retentionFeeBasisPoints,
        });
        holdings.push({
          accountType: entry.accountType,
          fund: { code: fund.code, name: fund.name, shortName: fund.shortName },
          units: valuation.units.toString(),
          pendingSellUnits: valuation.pendingSellUnits.toString(),
          costBasisPer10k: entry.position.basisPer10k.toString(),
          navDate: latest?.navDate ?? null,
          nav: latest?.nav.toString() ?? null,
          cancellationPrice: valuation.cancellationPrice?.toString() ?? null,
          previousNavDate: previous?.navDate ?? null,
          ...figures(valuation),
          figures: valuation,
          order: accountTypeValues.indexOf(entry.accountType),
        });
      }
    }
    holdings.sort((a, b) => a.order - b.order || (a.fund.code < b.fund.code ? -1 : 1));
    const byAccountType = accountTypeValues
      .map((accountType) => ({
        accountType,
        items: holdings
          .filter((holding) => holding.accountType === accountType)
          .map((holding) => holding.figures),
      }))
      .filter((group) => group.items.length > 0)
      .map((group) => ({ accountType: group.accountType, ...figures(sumValuations(group.items)) }));
    return {
      referenceDate,
      holdings: holdings.map(({ figures: _figures, order: _order, ...holding }) => holding),
      byAccountType,
      total: figures(sumValuations(holdings.map((holding) => holding.figures))),
      cashBalance: cashBalance.toString(),
    };
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
    const days: number[] = [];
    const fundColumn: number[] = [];
    const unitsColumn: number[] = [];
    const costColumn: number[] = [];
    const positions = new Map<string, CostBasisPosition>();
    for (const trade of unitTrades) {
      const movement = movementOf(trade);
      if (movement === undefined || trade.accountType === null || trade.fundId === null) continue;
      const key = positionKey(trade.accountType, trade.fundId);
      const replayed = replayMovement(positions.get(key) ?? emptyCostBasisPosition, movement);
      positions.set(key, replayed.position);
      days.push(dayIndex(from, trade.settlementDate));
      fundColumn.push(fundIndex.get(trade.fundId) ?? 0);
      unitsColumn.push(Number(movement.direction === 'IN' ? movement.units : -movement.units));
      costColumn.push(Number(replayed.bookValueChange));
    }

    // NAV on or before each day, per fund
    const nav = new Float64Array(funds.length * dayCount);
    await Promise.all(
      funds.map(async (fund, index) => {
        const [before] = await latestNavs(this.db, fund.id, addCalendarDays(from, -1), 1);
        const rows = await navsBetween(this.db, fund.id, from, to);
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

    const series = computeAssetHistory({
      dayCount,
      fundCount: funds.length,
      transactionDay: Int32Array.from(days),
      transactionFund: Int32Array.from(fundColumn),
      transactionUnits: Float64Array.from(unitsColumn),
      transactionCost: Float64Array.from(costColumn),
      nav,
      retentionFeeBasisPoints: Int32Array.from(funds.map((fund) => fund.retentionFeeBasisPoints)),
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
