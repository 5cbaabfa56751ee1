import {
  isScheduledSellMonth,
  scheduledSellOrderDate,
  transferDebitDate,
  transferPurchaseOrderDate,
  yearMonthOf,
  type IsoDate,
  type YearMonth,
} from '@fund/domain';
import { monthlyDeposits, recurringPurchases, scheduledSells, type Fund, type Transaction } from '@fund/db';
import { firstDayOf, monthKey } from '../jobs/batch-data.ts';
import { loadFund } from '../jobs/batch-data.repository.ts';
import { monthlyDepositDate, monthlyDepositsStep } from '../jobs/steps/monthly-deposits.step.ts';
import { recurringDebitsStep } from '../jobs/steps/recurring-debits.step.ts';
import { recurringOrdersStep } from '../jobs/steps/recurring-orders.step.ts';
import { scheduledSellsStep } from '../jobs/steps/scheduled-sells.step.ts';
import type { CustomerScript } from './demo-customer-script.ts';
import type { StepItem } from './demo-history-batch-items.ts';
import { failDebit } from './demo-history-failed-debit.ts';
import { instantOn, monthAfter, monthOf, monthsFrom } from './demo-history-months.ts';

/** What the plans of the scripts need from the engine. */
export interface PlanReplayContext {
  readonly tx: Transaction;
  readonly today: IsoDate;
  /** Business days from the 口座振替 to the 積立 order. */
  readonly lag: number;
  readonly customerId: (accountNumber: string) => string;
  readonly fund: (code: string) => Promise<Fund>;
}

type AddItem = (date: IsoDate, item: StepItem) => void;

async function recurringPurchaseItems(
  context: PlanReplayContext,
  script: CustomerScript,
  add: AddItem,
): Promise<void> {
  const { tx, today } = context;
  const customerId = context.customerId(script.accountNumber);
  const todayMonth = yearMonthOf(today);
  let firstMonth: YearMonth | undefined;
  const failures: { planId: string; amount: bigint; start: YearMonth }[] = [];
  for (const plan of script.recurringPurchases ?? []) {
    const fund = await context.fund(plan.fundCode);
    const start = monthOf(plan.startMonth);
    // created in the month before its first month, after that month's cut-over
    const createdAt = instantOn(firstDayOf(start) as IsoDate, 9);
    const [row] = await tx
      .insert(recurringPurchases)
      .values({
        customerId,
        fundId: fund.id,
        accountType: plan.accountType,
        amount: plan.amount,
        paymentMethod: plan.paymentMethod,
        startMonth: firstDayOf(start),
        createdAt: new Date(createdAt.getTime() - 20 * 86_400_000),
        updatedAt: new Date(createdAt.getTime() - 20 * 86_400_000),
      })
      .returning();
    if (firstMonth === undefined || start.year * 12 + start.month < firstMonth.year * 12 + firstMonth.month)
      firstMonth = start;
    if (plan.failsLatestDebit === true) failures.push({ planId: row!.id, amount: plan.amount, start });
  }
  if (firstMonth === undefined) return;
  // a debit may fall in the next month (27th → next business day), so the months run one past today's
  const months = monthsFrom(firstMonth, monthAfter(todayMonth));
  const failingMonth = new Map<string, (typeof failures)[number]>();
  for (const failure of failures) {
    const due = months.filter(
      (month) =>
        month.year * 12 + month.month >= failure.start.year * 12 + failure.start.month &&
        transferDebitDate(month) < today,
    );
    const latest = due.at(-1);
    if (latest !== undefined) failingMonth.set(monthKey(latest), failure);
  }
  for (const month of months) {
    const itemId = `${customerId}:${monthKey(month)}`;
    const debitDate = transferDebitDate(month);
    const failure = failingMonth.get(monthKey(month));
    add(debitDate, {
      step: recurringDebitsStep,
      itemId,
      expected: ['debited', 'nothing-to-debit'],
      ...(failure === undefined
        ? {}
        : { before: () => failDebit(tx, failure.planId, failure.amount, month, debitDate) }),
    });
    add(transferPurchaseOrderDate(month, context.lag), {
      step: recurringOrdersStep,
      itemId,
      expected: ['placed', 'nothing-to-place'],
    });
  }
}

async function scheduledSellItems(context: PlanReplayContext, script: CustomerScript, add: AddItem) {
  const { tx } = context;
  const customerId = context.customerId(script.accountNumber);
  const todayMonth = yearMonthOf(context.today);
  for (const plan of script.scheduledSells ?? []) {
    const fund = await context.fund(plan.fundCode);
    const start = monthOf(plan.startMonth);
    const createdAt = new Date(instantOn(firstDayOf(start) as IsoDate, 9).getTime() - 10 * 86_400_000);
    const [row] = await tx
      .insert(scheduledSells)
      .values({
        customerId,
        fundId: fund.id,
        accountType: 'specific',
        type: plan.type,
        value: plan.value,
        frequency: plan.frequency,
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    const { holidays } = await loadFund(tx, fund.id);
    for (const month of monthsFrom(start, todayMonth)) {
      if (!isScheduledSellMonth(plan.frequency, month.month)) continue;
      add(scheduledSellOrderDate(month, holidays), {
        step: scheduledSellsStep,
        itemId: `${row!.id}:${monthKey(month)}`,
        expected: ['placed'],
      });
    }
  }
}

async function monthlyDepositItems(context: PlanReplayContext, script: CustomerScript, add: AddItem) {
  const plan = script.monthlyDeposit;
  if (plan === undefined) return;
  const customerId = context.customerId(script.accountNumber);
  const start = monthOf(plan.startMonth);
  const createdAt = new Date(instantOn(firstDayOf(start) as IsoDate, 9).getTime() - 10 * 86_400_000);
  const [row] = await context.tx
    .insert(monthlyDeposits)
    .values({ customerId, amount: plan.amount, debitDay: plan.day, createdAt, updatedAt: createdAt })
    .returning();
  for (const month of monthsFrom(start, yearMonthOf(context.today))) {
    add(monthlyDepositDate(month, plan.day), {
      step: monthlyDepositsStep,
      itemId: `${row!.id}:${monthKey(month)}`,
      expected: ['deposited'],
    });
  }
}

/** Inserts the plans of the scripts (as the plans API writes them) and returns the batch items by date. */
export async function plansAndItems(
  context: PlanReplayContext,
  scripts: readonly CustomerScript[],
): Promise<Map<IsoDate, StepItem[]>> {
  const items = new Map<IsoDate, StepItem[]>();
  const add: AddItem = (date, item) => {
    if (date >= context.today) return;
    const list = items.get(date) ?? [];
    list.push(item);
    items.set(date, list);
  };
  for (const script of scripts) {
    await recurringPurchaseItems(context, script, add);
    await scheduledSellItems(context, script, add);
    await monthlyDepositItems(context, script, add);
  }
  return items;
}
