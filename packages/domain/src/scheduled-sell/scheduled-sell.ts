import {
  addBusinessDays,
  businessDayOnOrAfter,
  noExtraHolidays,
  type ExtraHolidays,
} from '../calendar/business-days.ts';
import { dateInMonth, type IsoDate, type YearMonth } from '../calendar/iso-date.ts';
import type { AccountRoleType, AccountType } from '../enums/account.ts';
import type { ScheduledSellFrequencyType, ScheduledSellType } from '../enums/scheduled-sell.ts';
import type { Units, Yen } from '../money/money.ts';
import { divideFloor } from '../money/rounding.ts';
import type { SellOrder } from '../orders/order-execution.ts';

/** 定期売却 rules (domain.md §3). */
export const scheduledSellRules = {
  /** Ordered on the 16th, or the next business day. */
  orderDay: 16,
  /** Proceeds are paid this many business days after the order date. */
  payoutLagBusinessDays: 6,
} as const;

/** Whether a plan sells in `month` (1-12): MONTHLY every month, ODD_MONTHLY in 1, 3, 5, 7, 9, 11. */
export function isScheduledSellMonth(frequency: ScheduledSellFrequencyType, month: number): boolean {
  return frequency === 'MONTHLY' || month % 2 === 1;
}

/**
 * The order date in a month: the 16th, or the next business day of the fund — the order must be placed on
 * a day the fund takes orders, so the fund's own holidays are skipped as well.
 */
export function scheduledSellOrderDate(
  month: YearMonth,
  fundHolidays: ExtraHolidays = noExtraHolidays,
): IsoDate {
  return businessDayOnOrAfter(dateInMonth(month, scheduledSellRules.orderDay), fundHolidays);
}

/** Payout date: the 6th (domestic) business day after the order date, counting the order date as day 0. */
export function scheduledSellPayoutDate(orderDate: IsoDate): IsoDate {
  return addBusinessDays(orderDate, scheduledSellRules.payoutLagBusinessDays);
}

/**
 * The plan's figure: yen for AMOUNT, units for QUANTITY, and for RATE a whole percentage 1-100 of the
 * units held at the order date.
 */
export interface ScheduledSellSetting {
  readonly type: ScheduledSellType;
  readonly value: bigint;
}

export type ScheduledSellSetupRefusal =
  'specific-account-only' | 'corporation' | 'value-not-positive' | 'rate-above-100';

export type ScheduledSellSetupCheck =
  { readonly ok: true } | { readonly ok: false; readonly reasons: readonly ScheduledSellSetupRefusal[] };

/** Scheduled sells are for specific (taxable) accounts only, and not for corporations. */
export function checkScheduledSellSetup(
  accountType: AccountType,
  role: AccountRoleType,
  setting: ScheduledSellSetting,
): ScheduledSellSetupCheck {
  const reasons: ScheduledSellSetupRefusal[] = [];
  if (accountType !== 'specific') reasons.push('specific-account-only');
  if (role === 'CORPORATION') reasons.push('corporation');
  if (setting.value <= 0n) reasons.push('value-not-positive');
  if (setting.type === 'RATE' && setting.value > 100n) reasons.push('rate-above-100');
  return reasons.length === 0 ? { ok: true } : { ok: false, reasons };
}

export type ScheduledSellSkip = 'nothing-held' | 'rate-rounds-to-zero';

export type ScheduledSellPlan =
  | { readonly place: true; readonly order: SellOrder }
  | { readonly place: false; readonly skip: ScheduledSellSkip };

/**
 * The sell order a plan places this month, from the units held on the order date:
 * - AMOUNT: an amount sell (units fixed at the 約定日's 解約価額, capped at the holding);
 * - QUANTITY: that many units, or every held unit when fewer are left;
 * - RATE: ⌊held × rate ÷ 100⌋ units, rounded down so it never sells more than the rate; 100 % sells all.
 * Nothing is placed when nothing is held or the rate rounds to zero units.
 */
export function scheduledSellOrderFor(setting: ScheduledSellSetting, held: Units): ScheduledSellPlan {
  if (setting.value <= 0n || (setting.type === 'RATE' && setting.value > 100n)) {
    throw new RangeError(`Invalid scheduled sell ${setting.type} ${setting.value}`);
  }
  if (held === 0n) return { place: false, skip: 'nothing-held' };
  if (setting.type === 'AMOUNT')
    return { place: true, order: { type: 'AMOUNT', amount: setting.value as Yen } };
  if (setting.type === 'QUANTITY') {
    return setting.value >= held
      ? { place: true, order: { type: 'ALL' } }
      : { place: true, order: { type: 'QUANTITY', units: setting.value as Units } };
  }
  if (setting.value === 100n) return { place: true, order: { type: 'ALL' } };
  const count = divideFloor(held * setting.value, 100n);
  return count === 0n
    ? { place: false, skip: 'rate-rounds-to-zero' }
    : { place: true, order: { type: 'QUANTITY', units: count as Units } };
}
