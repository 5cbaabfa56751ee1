import { addBusinessDays, isAccountType, isoDate, type IsoDate, type NavPer10k } from '@fund/domain';
import type { Transaction } from '@fund/db';
import type { BatchStep, StepContext } from '../batch-runner.ts';
import { formatJapaneseDate } from '../batch-data.ts';
import { loadFund, postNotice } from '../batch-data.repository.ts';
import { redeemHolding } from './redemption-payment.ts';
import {
  endingFunds,
  endPlan,
  endScheduledSell,
  holdingsOfFund,
  livePlansOf,
  liveScheduledSellsOf,
  lockLivePlan,
  lockLiveScheduledSell,
  markFundRedeemed,
} from './redemptions.repository.ts';

/** The 償還金's payment date: the 償還日 plus the fund's sell settlement lag, as a sale of that day. */
async function paymentDateOf(tx: Transaction, fundId: string, redemptionDate: IsoDate): Promise<IsoDate> {
  const { fund, holidays } = await loadFund(tx, fundId);
  return addBusinessDays(redemptionDate, fund.sellSettlementLagDays, holidays);
}

/**
 * h. 償還 (domain.md §9). Items:
 * - `plan:<id>`: a 積立 of a fund whose 償還 is announced ends at once, with a notice (no new 積立 either,
 *   and no order after the last order date: buy-rules.ts);
 * - `sell:<id>`: a 定期売却 of a fund past its 償還日 ends, with a notice;
 * - `holding:<fund>|<customer>|<account>`: from the payment date (the 償還日 plus the fund's sell lag, once
 *   the 償還日's NAV, the 償還価額, is in) every holding is redeemed (redemption-payment.ts). A holding whose
 *   last sell has not settled waits for a later run;
 * - `fund:<id>`: from its 償還日 the fund is 償還済み (sales status REDEEMED) in the fund list.
 */
export const redemptionsStep: BatchStep = {
  name: 'fund-redemptions',
  async enumerate(db, { businessDate }) {
    const funds = await endingFunds(db);
    if (funds.length === 0) return [];
    const items = (
      await livePlansOf(
        db,
        funds.map((fund) => fund.fundId),
      )
    ).map((id) => `plan:${id}`);
    const ended = funds.filter((fund) => fund.redemptionDate <= businessDate);
    items.push(
      ...(
        await liveScheduledSellsOf(
          db,
          ended.map((fund) => fund.fundId),
        )
      ).map((id) => `sell:${id}`),
    );
    for (const fund of ended) {
      if (!fund.redeemed) items.push(`fund:${fund.fundId}`);
      if (fund.price === undefined) continue; // the 償還価額 is not in: a later run redeems
      for (const holding of await holdingsOfFund(db, fund.fundId)) {
        items.push(`holding:${fund.fundId}|${holding.customerId}|${holding.accountType}`);
      }
    }
    return items;
  },
  async process(tx, itemId, context) {
    const [kind, id = ''] = itemId.split(':') as [string, string | undefined];
    if (kind === 'plan') return endPlanOfEndingFund(tx, id, context);
    if (kind === 'sell') return endScheduledSellOfEndedFund(tx, id, context);
    if (kind === 'fund') return closeRedeemedFund(tx, id, context);
    const [fundId, customerId, accountType] = id.split('|');
    if (fundId === undefined || customerId === undefined || !isAccountType(accountType))
      throw new Error(`Not a redemption item: ${itemId}`);
    const fund = (await endingFunds(tx)).find((row) => row.fundId === fundId);
    if (fund?.price === undefined) return 'no-redemption-price';
    const redemptionDate = isoDate(fund.redemptionDate);
    const paymentDate = await paymentDateOf(tx, fundId, redemptionDate);
    if (paymentDate > context.businessDate) return 'before-the-payment-date';
    return redeemHolding(
      tx,
      { customerId, accountType, fundId },
      { redemptionDate, price: fund.price as NavPer10k, paymentDate, at: context.now() },
    );
  },
};

async function endPlanOfEndingFund(tx: Transaction, planId: string, { now }: StepContext) {
  const plan = await lockLivePlan(tx, planId);
  if (plan === undefined) return 'ended-already';
  const { fund } = await loadFund(tx, plan.fundId);
  await endPlan(tx, planId, now());
  await postNotice(tx, {
    customerId: plan.customerId,
    title: '積立終了のお知らせ（ファンドの償還）',
    lines: [
      `${fund.shortName} は${formatJapaneseDate(fund.redemptionDate ?? '')}に償還されることが決まりました。`,
      `このため、このファンドの積立は終了しました。ご注文の受付は${formatJapaneseDate(fund.lastOrderDate ?? '')}までです。ご保有の口数は償還日に償還価額で換金し、償還金をお預り金に入金します。`,
    ],
    at: now(),
    link: { label: '積立の設定を見る', path: '/trading' },
  });
  return 'plan-ended';
}

/** From its 償還日 the fund is 償還済み: listed as such and taking no order, its holders paid from the payment date. */
async function closeRedeemedFund(tx: Transaction, fundId: string, { businessDate }: StepContext) {
  const fund = (await endingFunds(tx)).find((row) => row.fundId === fundId);
  if (fund === undefined || fund.redemptionDate > businessDate) return 'before-the-redemption-date';
  if (fund.redeemed) return 'redeemed-already';
  await markFundRedeemed(tx, fundId);
  return 'fund-redeemed';
}

async function endScheduledSellOfEndedFund(tx: Transaction, id: string, { now }: StepContext) {
  const sell = await lockLiveScheduledSell(tx, id);
  if (sell === undefined) return 'ended-already';
  const { fund } = await loadFund(tx, sell.fundId);
  await endScheduledSell(tx, id, now());
  await postNotice(tx, {
    customerId: sell.customerId,
    title: '定期売却終了のお知らせ（ファンドの償還）',
    lines: [
      `${fund.shortName} は${formatJapaneseDate(fund.redemptionDate ?? '')}に償還されたため、このファンドの定期売却は終了しました。`,
    ],
    at: now(),
  });
  return 'scheduled-sell-ended';
}
