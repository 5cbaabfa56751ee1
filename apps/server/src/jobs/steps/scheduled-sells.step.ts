import {
  isScheduledSellMonth,
  scheduledSellOrderDate,
  scheduledSellOrderFor,
  yearMonthOf,
  type Units,
  type YearMonth,
} from '@fund/domain';
import { AppError } from '../../errors/app-error.ts';
import { placeSellOrder } from '../../modules/trading/sell-placement.ts';
import type { BatchStep } from '../batch-runner.ts';
import { batchOrderInstant, formatJapaneseDate, monthKey, previousYearMonth } from '../batch-data.ts';
import { loadFund, postNotice, skipForTradingStanding } from '../batch-data.repository.ts';
import {
  activeScheduledSells,
  activeScheduledSellWithFund,
  holdingUnits,
} from './scheduled-sells.repository.ts';

/**
 * c. Scheduled sells (定期売却): on the 16th, or the next day that is a business day in Japan and for the
 * fund (`scheduledSellOrderDate`), every ACTIVE plan whose month it is (MONTHLY, or ODD_MONTHLY in odd
 * months) places a sell through `placeSellOrder` (channel SCHEDULEDSELL, key
 * `scheduledsell:<plan id>:<yyyy-mm>`): AMOUNT / QUANTITY / RATE as `scheduledSellOrderFor` decides from
 * the free units; nothing held or a rate rounding to 0 units skips the month. One item per plan and month,
 * `<plan id>:<yyyy-mm>`. The proceeds are paid out on the 6th business day after the order (sell-payouts).
 */
export const scheduledSellsStep: BatchStep = {
  name: 'scheduled-sells',
  async enumerate(db, { businessDate }) {
    const plans = await activeScheduledSells(db);
    const thisMonth = yearMonthOf(businessDate);
    const items: string[] = [];
    const holidaysOf = new Map<string, Awaited<ReturnType<typeof loadFund>>['holidays']>();
    for (const plan of plans) {
      let holidays = holidaysOf.get(plan.fundId);
      if (holidays === undefined) {
        holidays = await db.transaction(async (tx) => (await loadFund(tx, plan.fundId)).holidays);
        holidaysOf.set(plan.fundId, holidays);
      }
      for (const month of [previousYearMonth(thisMonth), thisMonth] as YearMonth[]) {
        if (!isScheduledSellMonth(plan.frequency, month.month)) continue;
        if (scheduledSellOrderDate(month, holidays) === businessDate)
          items.push(`${plan.id}:${monthKey(month)}`);
      }
    }
    return items;
  },
  async process(tx, itemId, { businessDate, now }) {
    const [planId = '', monthText = ''] = itemId.split(':');
    const plan = await activeScheduledSellWithFund(tx, planId);
    if (plan === undefined) return 'plan-not-active';
    // a locked, closed or unopened account is not sold for (placeSellOrder would refuse it too)
    const skip = await skipForTradingStanding(tx, plan.plan.customerId);
    if (skip !== undefined) return skip;
    const holding = await holdingUnits(tx, plan.plan);
    const free = ((holding?.units ?? 0n) - (holding?.reserved ?? 0n)) as Units;
    const decision = scheduledSellOrderFor({ type: plan.plan.type, value: plan.plan.value }, free);
    if (!decision.place) return `skipped-${decision.skip}`;
    const order = decision.order;
    try {
      await tx.transaction((savepoint) =>
        placeSellOrder(savepoint, {
          customerId: plan.plan.customerId,
          fundCode: plan.fundCode,
          accountType: plan.plan.accountType,
          orderType: order.type,
          ...(order.type === 'AMOUNT' ? { amount: order.amount } : {}),
          ...(order.type === 'QUANTITY' ? { units: order.units } : {}),
          channel: 'SCHEDULEDSELL',
          scheduledSellId: plan.plan.id,
          idempotencyKey: `scheduledsell:${plan.plan.id}:${monthText}`,
          now: batchOrderInstant(businessDate),
        }),
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await postNotice(tx, {
        customerId: plan.plan.customerId,
        title: '定期売却の注文ができませんでした',
        lines: [
          `${formatJapaneseDate(businessDate)}の定期売却（${plan.fundName}）の注文ができませんでした（${error.message}）。`,
        ],
        at: now(),
      });
      return 'refused';
    }
    return 'placed';
  },
};
