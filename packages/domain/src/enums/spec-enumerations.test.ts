import { describe, expect, it } from 'vitest';
import { accountRoleTypeValues, accountTypeValues, isAccountRoleType, isAccountType } from './account.ts';
import {
  isOrderChannelType,
  isOrderStatus,
  isOrderTypeBuy,
  isOrderTypeSell,
  orderChannelTypeValues,
  orderStatusValues,
  orderTypeBuyValues,
  orderTypeSellValues,
} from './order.ts';
import {
  isPaymentMethod,
  isPaymentStatusType,
  paymentMethodValues,
  paymentStatusTypeValues,
} from './payment.ts';
import { isScheduledBuyBatchFlagType, scheduledBuyBatchFlagTypeValues } from './scheduled-buy.ts';
import {
  isScheduledSellFrequencyType,
  isScheduledSellStatusType,
  isScheduledSellType,
  scheduledSellFrequencyTypeValues,
  scheduledSellStatusTypeValues,
  scheduledSellTypeValues,
} from './scheduled-sell.ts';
import {
  cashflowTypeValues,
  depositTypeValues,
  isCashflowType,
  isDepositType,
  isTradeType,
  tradeTypeValues,
} from './trade.ts';

// The values exactly as spec §3 lists them, spelling and case included: the API and the database
// mirror these, so a renamed value must fail here first.
const spec = [
  [
    accountTypeValues,
    isAccountType,
    'specific general general_nisa tsumitate_nisa nisa2_tsumitate nisa2_growth junior_nisa',
  ],
  [accountRoleTypeValues, isAccountRoleType, 'ADULT CORPORATION CHILD JUNIOR_NISA'],
  [orderChannelTypeValues, isOrderChannelType, 'BUY SELL TSUMITATE SCHEDULEDSELL'],
  [orderTypeBuyValues, isOrderTypeBuy, 'AMOUNT QUANTITY'],
  [orderTypeSellValues, isOrderTypeSell, 'AMOUNT QUANTITY ALL'],
  [orderStatusValues, isOrderStatus, 'ORDERED EXECUTED CANCELED TRADED COMPLETED'],
  [paymentMethodValues, isPaymentMethod, 'ACCOUNT_TRANSFER CREDIT_CARD'],
  [paymentStatusTypeValues, isPaymentStatusType, 'SUCCESS FAILURE RESET NONE RECEIVED PROCESSING'],
  [scheduledSellTypeValues, isScheduledSellType, 'AMOUNT QUANTITY RATE'],
  [scheduledSellFrequencyTypeValues, isScheduledSellFrequencyType, 'MONTHLY ODD_MONTHLY'],
  [scheduledSellStatusTypeValues, isScheduledSellStatusType, 'ACTIVE SUSPENDED CANCELED'],
  [scheduledBuyBatchFlagTypeValues, isScheduledBuyBatchFlagType, 'create update cancel'],
  [tradeTypeValues, isTradeType, 'ALL FUND EQUITY CASH_TRANSFER CAPITAL_GAIN SHIP_RECEIPT'],
  [cashflowTypeValues, isCashflowType, 'deposit withdraw'],
  [depositTypeValues, isDepositType, 'ORDINARY CURRENT'],
] as const satisfies readonly (readonly [readonly string[], (value: unknown) => boolean, string])[];

function flipCase(value: string): string {
  return value === value.toUpperCase() ? value.toLowerCase() : value.toUpperCase();
}

describe('display enumerations of spec §3', () => {
  it.each(spec)('lists %j exactly', (values, _guard, expected) => {
    expect([...values]).toEqual(expected.split(' '));
  });

  it.each(spec)('recognises each of %j and nothing else', (values, guard) => {
    for (const value of values) expect(guard(value)).toBe(true);
    expect(guard('UNKNOWN')).toBe(false);
    // the spelling is case-sensitive: 'specific' is a value, 'SPECIFIC' is not
    for (const value of values) expect(guard(flipCase(value))).toBe(false);
    expect(guard(undefined)).toBe(false);
    expect(guard(1)).toBe(false);
  });
});
