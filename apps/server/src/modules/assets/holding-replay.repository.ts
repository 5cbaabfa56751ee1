import { distributionPayments, trades, type DatabaseExecutor } from '@fund/db';
import type { AccountType as StoredAccountType } from '@fund/domain';
import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';

// What a replay of a customer's holdings reads (holding-replay.ts): a past day's assets, the chart, and
// the model-based test's check of the holdings table.

export interface UnitTradeRow {
  readonly accountType: StoredAccountType | null;
  readonly fundId: string | null;
  readonly type: 'FUND' | 'EQUITY' | 'CASH_TRANSFER' | 'CAPITAL_GAIN' | 'SHIP_RECEIPT';
  readonly side: 'BUY' | 'SELL' | 'IN' | 'OUT';
  readonly units: bigint | null;
  readonly pricePer10k: bigint | null;
  /** What the units cost (a purchase) or brought (a sale), yen. */
  readonly amount: bigint;
  readonly settlementDate: string;
  /** Written by an order's settlement; false for what later steps write (a distribution's 再投資, 償還). */
  readonly fromOrder: boolean;
}

/**
 * Settled movements of units (FUND and SHIP_RECEIPT trades) up to `until`, in the order the batch applied
 * them: by 受渡日, and within a day the orders' settlements before what the later steps write without an
 * order (a distribution's 再投資 after the distribution, a 償還).
 */
export async function listUnitTrades(
  db: DatabaseExecutor,
  customerId: string,
  until: string,
): Promise<UnitTradeRow[]> {
  return db
    .select({
      accountType: trades.accountType,
      fundId: trades.fundId,
      type: trades.type,
      side: trades.side,
      units: trades.units,
      pricePer10k: trades.pricePer10k,
      amount: trades.amount,
      settlementDate: trades.settlementDate,
      fromOrder: sql<boolean>`${trades.orderId} is not null`,
    })
    .from(trades)
    .where(
      and(
        eq(trades.customerId, customerId),
        inArray(trades.type, ['FUND', 'SHIP_RECEIPT']),
        lte(trades.settlementDate, until),
      ),
    )
    .orderBy(
      asc(trades.settlementDate),
      asc(sql`${trades.orderId} is null`),
      asc(trades.tradeDate),
      asc(trades.createdAt),
      asc(trades.id),
    );
}

export interface PrincipalRepaymentRow {
  readonly accountType: StoredAccountType;
  readonly fundId: string;
  readonly paymentDate: string;
  readonly basisAfterPer10k: bigint;
  readonly principalRepayment: bigint;
}

/** Distributions paid up to `until` that returned principal (元本払戻金: the 個別元本 fell), by payment date. */
export async function listPrincipalRepayments(
  db: DatabaseExecutor,
  customerId: string,
  until: string,
): Promise<PrincipalRepaymentRow[]> {
  return db
    .select({
      accountType: distributionPayments.accountType,
      fundId: distributionPayments.fundId,
      paymentDate: distributionPayments.paymentDate,
      basisAfterPer10k: distributionPayments.basisAfterPer10k,
      principalRepayment: distributionPayments.principalRepayment,
    })
    .from(distributionPayments)
    .where(
      and(
        eq(distributionPayments.customerId, customerId),
        lte(distributionPayments.paymentDate, until),
        lt(distributionPayments.basisAfterPer10k, distributionPayments.basisBeforePer10k),
      ),
    )
    .orderBy(asc(distributionPayments.paymentDate), asc(distributionPayments.id));
}
