import { fundDistributions, type Transaction } from '@fund/db';
import { isoDate, type IsoDate } from '@fund/domain';
import { and, gte, lt } from 'drizzle-orm';
import { distributionItemsOf, distributionsStep } from '../jobs/steps/distributions.step.ts';
import type { ReplayedBatchItems } from './demo-history-batch-items.ts';

/** Every way a holder's payment can end (distribution-payment.ts); anything else stops the history. */
const paid = ['received', 'reinvested', 'reinvested-outside-nisa', 'nothing-to-pay'];

export type DistributionsByPaymentDate = ReadonlyMap<IsoDate, { fundId: string; settlementDate: string }[]>;

/** The demo funds' distributions paid from `from` up to (not including) `today`, by 支払開始日. */
export async function distributionsByPaymentDate(
  tx: Transaction,
  from: IsoDate,
  today: IsoDate,
): Promise<DistributionsByPaymentDate> {
  const rows = await tx
    .select({
      fundId: fundDistributions.fundId,
      settlementDate: fundDistributions.settlementDate,
      paymentDate: fundDistributions.paymentDate,
    })
    .from(fundDistributions)
    .where(and(gte(fundDistributions.paymentDate, from), lt(fundDistributions.paymentDate, today)));
  const byDate = new Map<IsoDate, { fundId: string; settlementDate: string }[]>();
  for (const row of rows) {
    const date = isoDate(row.paymentDate);
    byDate.set(date, [...(byDate.get(date) ?? []), row]);
  }
  return byDate;
}

/**
 * The distributions step for a replayed 支払開始日: the demo customers' holdings of record, each paid (受取
 * or 再投資) by the step's own `process`, after the date's 約定 and 受渡 so every unit of record is in.
 */
export async function replayDistributions(
  tx: Transaction,
  batch: ReplayedBatchItems,
  customerIds: ReadonlySet<string>,
  date: IsoDate,
  distributions: readonly { fundId: string; settlementDate: string }[],
): Promise<void> {
  for (const item of await distributionItemsOf(tx, distributions)) {
    if (!customerIds.has(item.customerId)) continue;
    await batch.process({ step: distributionsStep, itemId: item.itemId, expected: paid }, date);
  }
}
