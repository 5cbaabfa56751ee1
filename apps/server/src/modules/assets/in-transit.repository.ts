import {
  holdings,
  journalEntries,
  journalLines,
  orders,
  yearlyTaxStates,
  type DatabaseExecutor,
} from '@fund/db';
import type { AccountType as StoredAccountType } from '@fund/domain';
import { and, eq, inArray, lt, lte, ne, sql, sum } from 'drizzle-orm';

/**
 * 未受渡金 (customer_unsettled) of the customer, split by the side of the order each movement belongs to:
 * a buy's held cash (and a 積立's collected debit, which has no order yet) until its 受渡日, a scheduled
 * sell's net proceeds from its 受渡日 until the payout; the balance at the end of the business date `until`
 * (a past or future view; today's is read with the holdings, assets.repository.ts).
 */
export async function unsettledCashBySide(
  db: DatabaseExecutor,
  customerId: string,
  until: string,
): Promise<{ buys: bigint; sells: bigint }> {
  const isSell = sql<boolean>`coalesce(${orders.channel} IN ('SELL', 'SCHEDULEDSELL'), false)`;
  const rows = await db
    .select({ sell: isSell, total: sum(journalLines.amount) })
    .from(journalLines)
    .innerJoin(journalEntries, eq(journalEntries.id, journalLines.entryId))
    .leftJoin(orders, eq(orders.id, journalEntries.orderId))
    .where(
      and(
        eq(journalLines.customerId, customerId),
        eq(journalLines.account, 'customer_unsettled'),
        lte(journalEntries.businessDate, until),
      ),
    )
    .groupBy(isSell);
  let buys = 0n;
  let sells = 0n;
  for (const row of rows) {
    // a liability: credits (negative amounts) are what the customer is owed
    const owed = row.total === null ? 0n : -BigInt(row.total);
    if (row.sell) sells += owed;
    else buys += owed;
  }
  return { buys, sells };
}

/** A sell order not settled on the reference date, with what its net proceeds are estimated from. */
export interface SellInFlightRow {
  readonly accountType: StoredAccountType;
  readonly fundId: string;
  readonly tradeDate: string;
  readonly settlementDate: string;
  readonly status: string;
  /** Units the order deducts: the executed figure once priced, else those it reserved. */
  readonly units: bigint;
  readonly executedAmount: bigint | null;
  /** The tax settlement withheld (when it has settled since the reference date). */
  readonly taxWithheld: bigint;
  /** 個別元本 of the holding now, for the estimate of the tax of a sell not yet settled. */
  readonly basisPer10k: bigint;
  /** The specific account's year so far (the 受渡日's year), for the same estimate. */
  readonly yearNetGain: bigint;
  readonly yearIncomeTax: bigint;
  readonly yearResidentTax: bigint;
}

/** A sell in flight as a statement returns it: the figures as text (JSON) or bigint (drizzle). */
export interface RawSellInFlight {
  readonly accountType: StoredAccountType;
  readonly fundId: string;
  readonly tradeDate: string;
  readonly settlementDate: string;
  readonly status: string;
  readonly units: string;
  readonly executedAmount: string | bigint | null;
  readonly taxWithheld: string | bigint;
  readonly basisPer10k: string;
  readonly yearNetGain: string;
  readonly yearIncomeTax: string;
  readonly yearResidentTax: string;
}

export function sellInFlightOf(row: RawSellInFlight): SellInFlightRow {
  return {
    accountType: row.accountType,
    fundId: row.fundId,
    tradeDate: row.tradeDate,
    settlementDate: row.settlementDate,
    status: row.status,
    units: BigInt(row.units),
    executedAmount: row.executedAmount === null ? null : BigInt(row.executedAmount),
    taxWithheld: BigInt(row.taxWithheld),
    basisPer10k: BigInt(row.basisPer10k),
    yearNetGain: BigInt(row.yearNetGain),
    yearIncomeTax: BigInt(row.yearIncomeTax),
    yearResidentTax: BigInt(row.yearResidentTax),
  };
}

/**
 * Sell orders placed before `placedBefore`, not cancelled, whose 受渡日 is after `date`: their units are
 * deducted from the holding (spec §4) and their money is in flight (domain.md §2).
 */
export async function listSellsInFlight(
  db: DatabaseExecutor,
  customerId: string,
  date: string,
  placedBefore: Date,
): Promise<SellInFlightRow[]> {
  const rows = await db
    .select({
      accountType: orders.accountType,
      fundId: orders.fundId,
      tradeDate: orders.tradeDate,
      settlementDate: orders.settlementDate,
      status: orders.status,
      units: sql<string>`coalesce(${orders.executedUnits}, ${orders.reservedUnits}, 0)::text`,
      executedAmount: orders.executedAmount,
      taxWithheld: orders.taxWithheld,
      basisPer10k: sql<string>`coalesce(${holdings.costBasisPer10k}, 0)::text`,
      yearNetGain: sql<string>`coalesce(${yearlyTaxStates.netGain}, 0)::text`,
      yearIncomeTax: sql<string>`coalesce(${yearlyTaxStates.incomeTaxWithheld}, 0)::text`,
      yearResidentTax: sql<string>`coalesce(${yearlyTaxStates.residentTaxWithheld}, 0)::text`,
    })
    .from(orders)
    .leftJoin(
      holdings,
      and(
        eq(holdings.customerId, orders.customerId),
        eq(holdings.accountType, orders.accountType),
        eq(holdings.fundId, orders.fundId),
      ),
    )
    .leftJoin(
      yearlyTaxStates,
      and(
        eq(yearlyTaxStates.customerId, orders.customerId),
        eq(yearlyTaxStates.year, sql`extract(year from ${orders.settlementDate})::smallint`),
      ),
    )
    .where(
      and(
        eq(orders.customerId, customerId),
        inArray(orders.channel, ['SELL', 'SCHEDULEDSELL']),
        ne(orders.status, 'CANCELED'),
        lt(orders.createdAt, placedBefore),
        sql`${orders.settlementDate} > ${date}`,
      ),
    );
  return rows.map(sellInFlightOf);
}
