import { addBusinessDays, previousBusinessDay } from '../calendar/business-days.ts';
import { nextYearMonth, yearMonthOf, type IsoDate, type YearMonth } from '../calendar/iso-date.ts';
import { cardStateOn, type LinkedCardStateType } from '../points/card-state.ts';

/**
 * The pre-debit check (事前引落確認, issue 16 point 7, decision 023): a few business days before a debit,
 * the customer is told when the card or the bank account it needs is not in a state to be debited, so
 * they can act before the debit fails.
 */
export const preDebitCheckRules = {
  /**
   * Business days between the check (the batch of that evening) and the debit date. Three leave the
   * customer two whole business days and the evening of the notice before the day before the debit: enough
   * to link a card again through the card issuer (minutes) or to put money in the bank account, and close
   * enough to the debit that the notice is not forgotten. More would not help a missing bank account
   * either: its paper form takes weeks, and the notice then says so.
   */
  leadBusinessDays: 3,
} as const;

/** The business date whose batch checks the debit of `debitDate`. */
export function preDebitCheckDate(debitDate: IsoDate): IsoDate {
  return addBusinessDays(debitDate, -preDebitCheckRules.leadBusinessDays);
}

/**
 * The last day the customer can act on for the debit: the business day before it (the bank and the card
 * issuer take the debit in the morning of the debit date).
 */
export function preDebitActionDeadline(debitDate: IsoDate): IsoDate {
  return previousBusinessDay(debitDate);
}

export interface CheckedDebit {
  readonly month: YearMonth;
  readonly debitDate: IsoDate;
}

function previousMonth(month: YearMonth): YearMonth {
  return month.month === 1
    ? { year: month.year - 1, month: 12 }
    : { year: month.year, month: month.month - 1 };
}

/**
 * The debits checked on `checkDate` for a monthly debit whose date in a month is `debitDateOf(month)` (the
 * 27th or the next business day for 積立, the plan's day for 毎月の入金). The debit can be in the next month
 * (a check on 11-26 for a debit on 12-01) and, after a long closure, in the previous month's schedule, so
 * the months around the check are each looked at; each debit date has exactly one check date.
 */
export function debitsCheckedOn(
  checkDate: IsoDate,
  debitDateOf: (month: YearMonth) => IsoDate,
): CheckedDebit[] {
  const thisMonth = yearMonthOf(checkDate);
  return [previousMonth(thisMonth), thisMonth, nextYearMonth(thisMonth)]
    .map((month) => ({ month, debitDate: debitDateOf(month) }))
    .filter(({ debitDate }) => debitDate > checkDate && preDebitCheckDate(debitDate) === checkDate);
}

/** What a customer is told about before a debit; one notice (and mail) each. */
export type PreDebitProblem = 'card-unlinked' | 'card-expired' | 'bank-account-missing' | 'bank-debit-failed';

/** What is debited from a customer on one date, and with what. */
export interface PreDebitSituation {
  readonly debitDate: IsoDate;
  /** Card 積立 charged that date. */
  readonly cardPlans: boolean;
  /** 口座振替 積立 debited that date. */
  readonly transferPlans: boolean;
  /** 毎月の入金 debited that date (always 口座振替). */
  readonly deposits: boolean;
  /**
   * The longest run of failed debits in a row among the customer's live 口座振替 積立 (0: the last one went
   * through), whether or not one of them is due that date: a 毎月の入金 is debited from the same account.
   */
  readonly transferFailuresInARow: number;
  /** The linked card (state with the issuer and 有効期限 YYYY-MM), or undefined when none is linked. */
  readonly card: { readonly state: LinkedCardStateType; readonly expiry: string } | undefined;
  readonly bankAccountRegistered: boolean;
}

/**
 * The problems to tell the customer about before the debit:
 * - card 積立 without a linked card → card-unlinked; with a card past its 有効期限 on the debit date (or
 *   that the issuer reports expired) → card-expired. A card the issuer asks to register again, or one
 *   without points, is still charged (decision 018): nothing to tell;
 * - 口座振替 (積立 or 毎月の入金) without a registered bank account → bank-account-missing; with one, when the
 *   last 口座振替 of a 積立 failed (e.g. 残高不足) → bank-debit-failed, so the balance is checked in time;
 *   a 毎月の入金 due alone counts too (decision 023: it is debited from the same account).
 */
export function preDebitProblems(situation: PreDebitSituation): PreDebitProblem[] {
  const problems: PreDebitProblem[] = [];
  if (situation.cardPlans) {
    if (situation.card === undefined) problems.push('card-unlinked');
    else if (cardStateOn(situation.card, situation.debitDate) === 'EXPIRED') problems.push('card-expired');
  }
  if (situation.transferPlans || situation.deposits) {
    if (!situation.bankAccountRegistered) problems.push('bank-account-missing');
    else if (situation.transferFailuresInARow > 0) problems.push('bank-debit-failed');
  }
  return problems;
}
