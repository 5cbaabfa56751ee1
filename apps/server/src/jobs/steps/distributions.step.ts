import { isAccountType, isoDate, type IsoDate } from '@fund/domain';
import type { DatabaseExecutor } from '@fund/db';
import type { BatchStep } from '../batch-runner.ts';
import { payDistribution, type DistributionHolding } from './distribution-payment.ts';
import { distributionsPaidOn, unitsOfRecord } from './distributions.repository.ts';

/** An item: one holding of record of one 決算, `<fund>|<決算日>|<customer>|<account type>`. */
function itemOf(holding: DistributionHolding): string {
  return [holding.fundId, holding.settlementDate, holding.customerId, holding.accountType].join('|');
}

function holdingOf(itemId: string): DistributionHolding {
  const [fundId, settlementDate, customerId, accountType] = itemId.split('|');
  if (
    fundId === undefined ||
    settlementDate === undefined ||
    customerId === undefined ||
    !isAccountType(accountType)
  )
    throw new Error(`Not a distribution item: ${itemId}`);
  return { fundId, settlementDate: isoDate(settlementDate), customerId, accountType };
}

/** The items of distributions: every holding of record of each (its 約定日 rule, distributions.repository.ts). */
export async function distributionItemsOf(
  db: DatabaseExecutor,
  distributions: readonly { fundId: string; settlementDate: string }[],
): Promise<{ itemId: string; customerId: string }[]> {
  const items: { itemId: string; customerId: string }[] = [];
  for (const distribution of distributions) {
    const settlementDate = distribution.settlementDate as IsoDate;
    for (const holder of await unitsOfRecord(db, distribution.fundId, settlementDate)) {
      items.push({
        itemId: itemOf({ fundId: distribution.fundId, settlementDate, ...holder }),
        customerId: holder.customerId,
      });
    }
  }
  return items;
}

/**
 * g. 収益分配 (domain.md §9), on each distribution's 支払開始日. The holders of record are found from the
 * 約定日 of their buys and sells (a unit bought with a 約定日 on or before the 決算日 receives, one sold by
 * then does not); one item per holding. For each: the distribution split against the holding's 個別元本
 * (which falls by the 元本払戻金), tax withheld on the 普通分配金 by account type and customer kind, then
 * - 受取: the net into お預り金 (`distribution.paid` fund_settlement / customer_cash + tax_withheld, an
 *   入金 of 入出金 with the tax withheld);
 * - 再投資: the net buys units at the 決算日's ex-NAV, fee-free (a FUND BUY trade of 約定日 = 決算日), the
 *   remainder into お預り金; from NISA while the bucket has room, else in the specific (or general) account
 *   with a word in the notice.
 * A distribution_payments row, a 収益分配金のお知らせ document and a notice, all in the item's transaction;
 * the row's unique key makes a rerun after a crash pay each holder once.
 */
export const distributionsStep: BatchStep = {
  name: 'pay-distributions',
  async enumerate(db, { businessDate }) {
    const items = await distributionItemsOf(db, await distributionsPaidOn(db, businessDate));
    return items.map((item) => item.itemId);
  },
  async process(tx, itemId, { businessDate, now }) {
    return payDistribution(tx, holdingOf(itemId), { businessDate, at: now() });
  },
};
