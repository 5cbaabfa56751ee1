import {
  type Cashflows,
  type CashflowsQuery,
  ErrorCode,
  type NisaStatusByYear,
  type Trades,
  type TradesQuery,
} from '@fund/contracts';
import type { Database } from '@fund/db';
import {
  jstDateOf,
  nisaLifetimeRemaining,
  nisaLifetimeUse,
  nisaLimits,
  nisaRoom,
  yearOf,
  type NisaUsage,
  type NisaYearAmounts,
  type Yen,
} from '@fund/domain';
import { AppError } from '../../errors/app-error.ts';
import {
  hasNisaAccount,
  listNisaUsage,
  pageCashflows,
  pageTrades,
  pendingNisaHolds,
} from './history.repository.ts';

/** nisaStatusByYear for a customer without a NISA account: pass-through code 400-666 (spec §8). */
export class NoNisaAccountError extends AppError {
  override readonly name = 'NoNisaAccountError';

  constructor() {
    super(
      ErrorCode.notApplicableToAccount,
      'NISA口座が開設されていないため、NISAの利用状況はご覧いただけません。',
    );
  }
}

const pagingOf = (query: { page: string; pageSize: string }) => ({
  page: Number(query.page),
  pageSize: Number(query.pageSize),
});

function optionalString(value: bigint | null): string | null {
  return value === null ? null : value.toString();
}

/** 入出金履歴, 取引履歴 and NISA 利用状況 of the signed-in customer. */
export class HistoryService {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {}

  async cashflows(customerId: string, query: CashflowsQuery): Promise<Cashflows> {
    const paging = pagingOf(query);
    const { rows, total } = await pageCashflows(this.db, customerId, { ...query, ...paging });
    return {
      cashflows: rows.map((row) => ({
        ...row,
        amount: row.amount.toString(),
        taxWithheld: row.taxWithheld.toString(),
      })),
      paging: { ...paging, total },
    };
  }

  async trades(customerId: string, query: TradesQuery): Promise<Trades> {
    const paging = pagingOf(query);
    const { rows, total } = await pageTrades(this.db, customerId, { ...query, ...paging });
    return {
      trades: rows.map((row) => ({
        id: row.id,
        type: row.type,
        side: row.side,
        accountType: row.accountType,
        fund:
          row.fundCode === null || row.fundName === null ? null : { code: row.fundCode, name: row.fundName },
        units: optionalString(row.units),
        pricePer10k: optionalString(row.pricePer10k),
        amount: row.amount.toString(),
        taxWithheld: row.taxWithheld.toString(),
        tradeDate: row.tradeDate,
        settlementDate: row.settlementDate,
      })),
      paging: { ...paging, total },
    };
  }

  async nisaStatusByYear(customerId: string, yearParam: string | undefined): Promise<NisaStatusByYear> {
    if (!(await hasNisaAccount(this.db, customerId))) throw new NoNisaAccountError();
    const year = yearParam === undefined ? yearOf(jstDateOf(this.now())) : Number(yearParam);
    const [rows, holds] = await Promise.all([
      listNisaUsage(this.db, customerId),
      pendingNisaHolds(this.db, customerId, year),
    ]);
    const byYear = (pick: 'purchased' | 'freed'): NisaYearAmounts[] => {
      const years = new Map<number, { tsumitate: bigint; growth: bigint }>();
      for (const row of rows) {
        const entry = years.get(row.year) ?? { tsumitate: 0n, growth: 0n };
        entry[row.bucket] += row[pick];
        years.set(row.year, entry);
      }
      return [...years].map(([rowYear, amounts]) => ({
        year: rowYear,
        tsumitate: amounts.tsumitate as Yen,
        growth: amounts.growth as Yen,
      }));
    };
    const usage: NisaUsage = { purchases: byYear('purchased'), sales: byYear('freed') };
    const room = nisaRoom(usage, year);
    const lifetime = nisaLifetimeUse(usage, year);
    // the year's own figures: used and remaining add up to the limit (room for a new order is nisaRoom)
    const lifetimeRemaining = nisaLifetimeRemaining(usage, year);
    const annual = usage.purchases.find((row) => row.year === year);
    const sold = usage.sales.find((row) => row.year === year);
    const pendingOf = (bucket: 'tsumitate' | 'growth') =>
      BigInt(holds.find((hold) => hold.bucket === bucket)?.amount ?? '0').toString();
    return {
      year,
      tsumitate: {
        annualLimit: nisaLimits.annual.tsumitate.toString(),
        used: (annual?.tsumitate ?? 0n).toString(),
        pending: pendingOf('tsumitate'),
        remaining: room.tsumitateAnnual.toString(),
      },
      growth: {
        annualLimit: nisaLimits.annual.growth.toString(),
        used: (annual?.growth ?? 0n).toString(),
        pending: pendingOf('growth'),
        remaining: room.growthAnnual.toString(),
      },
      lifetime: {
        limit: nisaLimits.lifetime.toString(),
        used: lifetime.total.toString(),
        remaining: lifetimeRemaining.total.toString(),
        growthLimit: nisaLimits.growthLifetime.toString(),
        growthUsed: lifetime.growth.toString(),
        growthRemaining: lifetimeRemaining.growth.toString(),
        freedFromNextYear: ((sold?.tsumitate ?? 0n) + (sold?.growth ?? 0n)).toString(),
      },
    };
  }
}
