import {
  debitsCheckedOn,
  isIsoDate,
  preDebitProblems,
  transferDebitDate,
  type IsoDate,
  type PaymentMethod,
  type YearMonth,
} from '@fund/domain';
import type { RecurringPurchase, Transaction } from '@fund/db';
import { preDebitCheckMail } from '../../mail/mail-templates.ts';
import { insertOutboxMail } from '../../mail/outbox.repository.ts';
import {
  findAccountTransferAccount,
  findLinkedCard,
} from '../../modules/payment-accounts/payment-accounts.repository.ts';
import { listActivePlansStartedBy } from '../../modules/plans/plans.repository.ts';
import type { BatchStep } from '../batch-runner.ts';
import { firstDayOf } from '../batch-data.ts';
import { postNotice, skipForTradingStanding } from '../batch-data.repository.ts';
import { monthlyDepositDate } from './monthly-deposits.step.ts';
import { preDebitMessage } from './pre-debit-check-messages.ts';
import {
  activeDepositDebitDays,
  customerEmail,
  customersWithPlansPossiblyNotReady,
  depositsPossiblyNotReady,
  transferFailuresInARowOf,
} from './pre-debit-check.repository.ts';

/**
 * The payment method a plan is debited with in `month`: a pending change that applies by then (the
 * recurring-debits step applies it on the debit date) decides; undefined when the plan is cancelled by then.
 */
function methodForMonth(plan: RecurringPurchase, month: YearMonth): PaymentMethod | undefined {
  const applies =
    plan.batchFlag !== null && plan.batchAppliesFrom !== null && plan.batchAppliesFrom <= firstDayOf(month);
  if (!applies) return plan.paymentMethod;
  if (plan.batchFlag === 'cancel') return undefined;
  if (plan.batchFlag === 'update') return plan.pendingPaymentMethod ?? plan.paymentMethod;
  return plan.paymentMethod;
}

/**
 * The 毎月の入金 plans of a customer debited on `debitDate` when checked on `checkDate` (their own day of the
 * month, or the next business day).
 */
function depositDebitedOn(debitDay: number, checkDate: IsoDate, debitDate: IsoDate): boolean {
  return debitsCheckedOn(checkDate, (month) => monthlyDepositDate(month, debitDay)).some(
    (debit) => debit.debitDate === debitDate,
  );
}

/**
 * Pre-debit check (事前引落確認, issue 16 point 7, decision 023): `leadBusinessDays` business days before a
 * debit date (積立 by 口座振替 and by card on the 27th or the next business day; 毎月の入金 on its day),
 * a customer whose card or bank account is not ready for it gets a notice (important) and a mail per
 * problem (`preDebitProblems`). One item per customer and debit date, `<customer id>:<yyyy-mm-dd>`: the
 * runner does each item once, so a rerun or a resumed crash tells no one twice, and each debit date has
 * one check date. A customer whose account state forbids trading is not debited, so is not told.
 *
 * The enumeration only lists customers with a due debit and something possibly missing (no card, a card
 * past its 有効期限, no bank account, a failed 口座振替), so the many customers in order cost no item;
 * `process` then decides exactly, with the plans' methods for the month.
 */
export const preDebitCheckStep: BatchStep = {
  name: 'pre-debit-check',
  async enumerate(db, { businessDate }) {
    const items = new Set<string>();
    for (const { month, debitDate } of debitsCheckedOn(businessDate, transferDebitDate)) {
      const customerIds = await customersWithPlansPossiblyNotReady(db, firstDayOf(month), debitDate);
      for (const customerId of customerIds) items.add(`${customerId}:${debitDate}`);
    }
    // 毎月の入金 is a 口座振替 too: its bank account missing, or the customer's last 口座振替 failed
    const deposits = await depositsPossiblyNotReady(db);
    for (const deposit of deposits) {
      for (const { debitDate } of debitsCheckedOn(businessDate, (month) =>
        monthlyDepositDate(month, deposit.debitDay),
      )) {
        items.add(`${deposit.customerId}:${debitDate}`);
      }
    }
    return [...items];
  },
  async process(tx, itemId, { businessDate, now, settings }) {
    const [customerId = '', debitDateText = ''] = itemId.split(':');
    if (!isIsoDate(debitDateText)) throw new Error(`Bad item ${itemId}`);
    const debitDate = debitDateText;
    const skip = await skipForTradingStanding(tx, customerId);
    if (skip !== undefined) return skip;
    const situation = await situationOf(tx, customerId, businessDate, debitDate);
    const problems = preDebitProblems(situation);
    if (problems.length === 0) return 'nothing-to-tell';
    const email = await customerEmail(tx, customerId);
    const at = now();
    for (const problem of problems) {
      const message = preDebitMessage(problem, {
        debitDate,
        cardLast4: situation.cardLast4,
        transferPlans: situation.transferPlans,
        deposits: situation.deposits,
      });
      await postNotice(tx, {
        customerId,
        title: message.title,
        lines: message.lines,
        link: message.action,
        at,
        category: 'important',
      });
      if (email !== undefined) {
        const content = preDebitCheckMail({ ...message, appOrigin: settings.appOrigin });
        await insertOutboxMail(tx, { to: email, ...content, createdAt: at });
      }
    }
    return `told-${problems.join('+')}`;
  },
};

/** What is debited from the customer on `debitDate`, and whether the card and the bank account are ready. */
async function situationOf(tx: Transaction, customerId: string, checkDate: IsoDate, debitDate: IsoDate) {
  const plansMonth = debitsCheckedOn(checkDate, transferDebitDate).find(
    (debit) => debit.debitDate === debitDate,
  )?.month;
  let cardPlans = false;
  let transferPlans = false;
  let transferFailuresInARow = 0;
  if (plansMonth !== undefined) {
    const plans = await listActivePlansStartedBy(tx, [customerId], firstDayOf(plansMonth));
    for (const plan of plans) {
      const method = methodForMonth(plan, plansMonth);
      if (method === 'CREDIT_CARD') cardPlans = true;
      if (method === 'ACCOUNT_TRANSFER') {
        transferPlans = true;
        transferFailuresInARow = Math.max(transferFailuresInARow, plan.consecutiveDebitFailures);
      }
    }
  }
  // a 毎月の入金 is debited from the same account: the last 口座振替 of any live 積立 tells (decision 023)
  transferFailuresInARow = Math.max(transferFailuresInARow, await transferFailuresInARowOf(tx, customerId));
  const deposits = (await activeDepositDebitDays(tx, customerId)).some((debitDay) =>
    depositDebitedOn(debitDay, checkDate, debitDate),
  );
  const card = await findLinkedCard(tx, customerId);
  const bankAccount = await findAccountTransferAccount(tx, customerId);
  return {
    debitDate,
    cardPlans,
    transferPlans,
    deposits,
    transferFailuresInARow,
    card: card === undefined ? undefined : { state: card.state, expiry: card.expiry },
    cardLast4: card?.last4,
    bankAccountRegistered: bankAccount !== undefined,
  };
}
