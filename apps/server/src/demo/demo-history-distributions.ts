import { fundDistributions, type Transaction } from '@fund/db';
import { isoDate, type IsoDate } from '@fund/domain';
import { and, gte, lt } from 'drizzle-orm';
import { distributionItemsOn, distributionsStep } from '../jobs/steps/distributions.step.ts';
import type { ReplayedBatchItems } from './demo-history-batch-items.ts';

/** Every way a holder's payment can end (distribution-payment.ts); anything else stops the history. */
const paid = ['received', 'reinvested', 'reinvested-outside-nisa', 'nothing-to-pay'];

/** The 支払開始日 of the demo funds' distributions from `from` up to (not including) `today`. */
export async function distributionPaymentDates(
  tx: Transaction,
  from: IsoDate,
  today: IsoDate,
): Promise<IsoDate[]> {
  const rows = await tx
    .selectDistinct({ paymentDate: fundDistributions.paymentDate })
    .from(fundDistributions)
    .where(and(gte(fundDistributions.paymentDate, from), lt(fundDistributions.paymentDate, today)));
  return rows.map((row) => isoDate(row.paymentDate));
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
): Promise<void> {
  for (const item of await distributionItemsOn(tx, date)) {
    if (!customerIds.has(item.customerId)) continue;
    await batch.process({ step: distributionsStep, itemId: item.itemId, expected: paid }, date);
  }
}
