import { businessDayOnOrAfter, dateInMonth, yearMonthOf, type YearMonth } from '@fund/domain';
import { credit, debit, postJournalEntry, recordBankTransfer } from '@fund/db';
import type { BatchStep } from '../batch-runner.ts';
import { formatJapaneseDate, formatYen, monthKey, previousYearMonth } from '../batch-data.ts';
import { postNotice, skipForTradingStanding } from '../batch-data.repository.ts';
import { bankAccountMissingReason } from './recurring-debit-rules.ts';
import { activeMonthlyDeposits, lockActiveMonthlyDeposit } from './monthly-deposits.repository.ts';
import { customersWithBankAccount } from './recurring-debits.repository.ts';

/** The day a monthly deposit is debited: its day of the month, or the next business day. */
export function monthlyDepositDate(month: YearMonth, debitDay: number) {
  return businessDayOnOrAfter(dateInMonth(month, debitDay));
}

/**
 * d. Monthly deposits (定額入金): on each ACTIVE plan's day (the next business day when it is not one),
 * bank_clearing / customer_cash and a cashflow row (deposit). Item `<plan id>:<yyyy-mm>`; a day late in a
 * month can roll into the next one, so the previous month is looked at too. A customer whose account is
 * locked, closed or not opened is not debited (`skipped-account-…`). One without a bank account registered on
 * the day is not debited either: nothing is credited and the customer is told (`failed-no-bank-account`,
 * decision 035), as a 口座振替 積立 without one fails.
 */
export const monthlyDepositsStep: BatchStep = {
  name: 'monthly-deposits',
  async enumerate(db, { businessDate }) {
    const plans = await activeMonthlyDeposits(db);
    const thisMonth = yearMonthOf(businessDate);
    const items: string[] = [];
    for (const month of [previousYearMonth(thisMonth), thisMonth]) {
      for (const plan of plans) {
        if (monthlyDepositDate(month, plan.debitDay) === businessDate)
          items.push(`${plan.id}:${monthKey(month)}`);
      }
    }
    return items;
  },
  async process(tx, itemId, { businessDate, now }) {
    const [planId = ''] = itemId.split(':');
    const plan = await lockActiveMonthlyDeposit(tx, planId);
    if (plan === undefined) return 'plan-not-active';
    const skip = await skipForTradingStanding(tx, plan.customerId);
    if (skip !== undefined) return skip;
    if (!(await customersWithBankAccount(tx, [plan.customerId])).has(plan.customerId)) {
      await postNotice(tx, {
        customerId: plan.customerId,
        category: 'important',
        title: '定額入金ができませんでした',
        lines: [
          `${formatJapaneseDate(businessDate)}の定額入金（${formatYen(plan.amount)}）の口座振替ができませんでした（${bankAccountMissingReason}）。`,
          '口座振替には金融機関口座のご登録が必要です。マイページから口座振替のお申込み方法をご確認ください。',
        ],
        at: now(),
      });
      return 'failed-no-bank-account';
    }
    const entryId = await postJournalEntry(tx, {
      kind: 'deposit.monthly',
      businessDate,
      customerId: plan.customerId,
      description: `定額入金 ${itemId}`,
      lines: [debit('bank_clearing', plan.amount), credit('customer_cash', plan.amount, plan.customerId)],
    });
    await recordBankTransfer(tx, {
      customerId: plan.customerId,
      type: 'deposit',
      amount: plan.amount,
      date: businessDate,
      description: '定額入金',
      journalEntryId: entryId,
    });
    await postNotice(tx, {
      customerId: plan.customerId,
      title: '定額入金のお知らせ',
      lines: [`定額入金 ${formatYen(plan.amount)} をお預り金に入金しました。`],
      at: now(),
    });
    return 'deposited';
  },
};
