import {
  distributionCourseValues,
  accountTypeValues,
  paymentMethodValues,
  scheduledBuyBatchFlagTypeValues,
  scheduledSellFrequencyTypeValues,
  scheduledSellStatusTypeValues,
  scheduledSellTypeValues,
} from '@fund/domain';
import { z } from 'zod';
import { maxMonthlyDepositAmount, maxRecurringAmount, maxScheduledSellValue } from './amount-limits.ts';
import { positiveWholeNumberSchema } from './money-request.ts';
import { isoDateSchema } from './request-limits.ts';

// Standing instructions of the customer (spec §3, domain.md §3): 積立 (recurring purchases), 定期売却
// (scheduled sells) and 毎月の入金 (monthly deposit).
//
// Money and units: in requests `positiveWholeNumberSchema` (money-request.ts), the one the orders take: a
// JSON number (safe integer) or a canonical decimal string; fractions, exponents, signs, leading zeros and
// zero are a 400 with the spec's `{ code, message }` body. In answers always a decimal string of digits
// ("5000", "123456789012345678"): numbers above 2^53 lose digits in JavaScript and JSON parsers.

/**
 * Error codes of the plan calls (first three digits = HTTP status, spec §8), one per rule, numbered after
 * the orders API's `TradingErrorCode` (400-200…400-216, 409-201…409-203). A plan refused for a rule the
 * orders share answers the orders' code: the account state (400-100 locked, 400-215 not opened, 400-216
 * closed), the fund (400-214), the account type (400-208) and NISA (400-209, 400-213).
 */
export const PlanErrorCode = {
  /** 積立金額 below 5,000 yen or not in steps of 1,000 yen. */
  recurringAmountInvalid: '400-220',
  /** ボーナス月 or its amount breaks a rule (months, minimum, steps). */
  bonusInvalid: '400-221',
  /** Card 積立 over 100,000 yen in a month, all plans together. */
  cardMonthlyLimit: '400-222',
  /** 定期売却 outside the specific account, or for a corporation. */
  scheduledSellNotAllowed: '400-223',
  /** Card 積立 without a linked card, or with one past its 有効期限: nothing to charge. */
  cardNotChargeable: '400-226',
  /**
   * 口座振替 積立, or 毎月の入金, without a registered bank account (口座振替の金融機関口座): nothing to debit.
   * Decision 035.
   */
  bankAccountMissing: '400-227',
  /** 定期売却 value not positive or a rate above 100 %. */
  scheduledSellValueInvalid: '400-224',
  /** 定期売却 of a fund not held in the specific account. */
  scheduledSellNoHolding: '400-225',
  /** A live plan of the same fund (and account type) already exists. */
  planAlreadyExists: '409-204',
  /** The plan's status does not allow the change (cancelled, already suspended or active). */
  planStatusConflict: '409-205',
} as const;
export type PlanErrorCode = (typeof PlanErrorCode)[keyof typeof PlanErrorCode];

/** A canonical decimal integer ≥ 0, as answers carry money and units. */
export const amountStringSchema = z.string().regex(/^(?:0|[1-9][0-9]*)$/);
/** A signed canonical decimal integer (gains and losses). */
export const signedAmountStringSchema = z.string().regex(/^(?:0|-?[1-9][0-9]*)$/);

export { maxMonthlyDepositAmount, maxRecurringAmount, maxScheduledSellValue } from './amount-limits.ts';

// The value lists are those of @fund/domain (spec §3), which the database's enums use too.
/** The account types a recurring purchase may buy in: a subset of AccountType. */
export const planAccountTypeSchema = z
  .enum(accountTypeValues)
  .extract(['specific', 'general', 'nisa2_tsumitate', 'nisa2_growth']);
export const planPaymentMethodSchema = z.enum(paymentMethodValues);
/**
 * ACTIVE / SUSPENDED / CANCELED of a standing instruction: recurring purchase, scheduled sell and monthly
 * deposit share the values (and the moves) of ScheduledSellStatusType (spec §3), as the database does.
 */
export const planStatusSchema = z.enum(scheduledSellStatusTypeValues);
export const scheduledBuyBatchFlagSchema = z.enum(scheduledBuyBatchFlagTypeValues);
export const scheduledSellTypeSchema = z.enum(scheduledSellTypeValues);
export const scheduledSellFrequencySchema = z.enum(scheduledSellFrequencyTypeValues);

/** A month as `YYYY-MM`. */
const yearMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
const fundCodeSchema = z.string().regex(/^[0-9A-Z]{8}$/, 'ファンドコードは英大文字・数字 8 桁です');
const isoDateTime = z.iso.datetime({ offset: true });

export const planIdParamsSchema = z.object({ id: z.uuid() });
export type PlanIdParams = z.infer<typeof planIdParamsSchema>;

const fundSummarySchema = z.object({
  code: z.string(),
  name: z.string(),
  shortName: z.string(),
  /** The fund's announced 償還日 (its plans end with it); null for none. */
  redemptionDate: isoDateSchema.nullable(),
});

const bonusInputSchema = z.strictObject({
  /** ボーナス月 (1-12), one or two distinct months. */
  months: z.array(z.number().int().min(1).max(12)).min(1).max(2),
  /** ボーナス月の増額分 (yen). */
  amount: positiveWholeNumberSchema(maxRecurringAmount, '金額'),
});

/**
 * `POST /v1/recurringPurchases` (Idempotency-Key required). Unknown fields are refused, so a `points`
 * field is a 400: points are never used for recurring purchases (spec §5).
 */
export const createRecurringPurchaseBodySchema = z
  .strictObject({
    fundCode: fundCodeSchema,
    accountType: planAccountTypeSchema,
    /** 毎月の積立金額: ≥ 5,000 yen in 1,000-yen steps (checked by the server). */
    amount: positiveWholeNumberSchema(maxRecurringAmount, '金額'),
    bonus: bonusInputSchema.nullable().optional(),
    paymentMethod: planPaymentMethodSchema,
    /** 分配金の受取方法 for the holding the plan buys into; the holding keeps its course when absent. */
    distributionCourse: z.enum(distributionCourseValues).optional(),
  })
  .meta({ id: 'CreateRecurringPurchaseRequest' });
export type CreateRecurringPurchaseBody = z.infer<typeof createRecurringPurchaseBodySchema>;

/**
 * `PUT /v1/recurringPurchases/{id}`: the new amount, bonus (null removes it) and/or payment method. The
 * change waits as a pending change (batch flag `update`) until the month it applies from.
 */
export const updateRecurringPurchaseBodySchema = z
  .strictObject({
    amount: positiveWholeNumberSchema(maxRecurringAmount, '金額').optional(),
    bonus: bonusInputSchema.nullable().optional(),
    paymentMethod: planPaymentMethodSchema.optional(),
  })
  .refine(
    (body) => body.amount !== undefined || body.bonus !== undefined || body.paymentMethod !== undefined,
    '変更する項目（amount, bonus, paymentMethod）を指定してください',
  )
  .meta({ id: 'UpdateRecurringPurchaseRequest' });
export type UpdateRecurringPurchaseBody = z.infer<typeof updateRecurringPurchaseBodySchema>;

const bonusSchema = z.object({ months: z.array(z.number().int()), amount: amountStringSchema });

const planTermsSchema = z.object({
  amount: amountStringSchema,
  bonus: bonusSchema.nullable(),
  paymentMethod: planPaymentMethodSchema,
});

/**
 * How a NISA plan's monthly amount is bought with the room the customer's NISA has in `year` (domain.md §5:
 * つみたて first, the rest in 成長 if room, then the taxable account), in the answer of a set-up or a change
 * when the amount does not all fit the plan's own 枠, so the customer is told before the first order. Each
 * month's order is split again by the room of its own 受渡日 year.
 */
const nisaAllocationSchema = z.object({
  /** The year of the room used: the business date's year when the plan was set up or changed. */
  year: z.number().int(),
  parts: z.array(z.object({ accountType: planAccountTypeSchema, amount: amountStringSchema })),
});

export const recurringPurchaseSchema = z
  .object({
    id: z.uuid(),
    fund: fundSummarySchema,
    accountType: planAccountTypeSchema,
    amount: amountStringSchema,
    bonus: bonusSchema.nullable(),
    paymentMethod: planPaymentMethodSchema,
    status: planStatusSchema,
    /** First month the plan buys in. */
    startMonth: yearMonthSchema,
    /**
     * What the monthly batch still has to do (ScheduledBuyBatchFlagType) and from which month; for
     * `update` the terms that apply from then. Null when nothing is pending.
     */
    pendingChange: z
      .object({
        batchFlag: scheduledBuyBatchFlagSchema,
        appliesFrom: yearMonthSchema,
        terms: planTermsSchema.nullable(),
      })
      .nullable(),
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
    /** Only in the answer of a set-up or change whose amount does not all fit the plan's NISA 枠. */
    nisaAllocation: nisaAllocationSchema.optional(),
  })
  .meta({ id: 'RecurringPurchase' });
export type RecurringPurchase = z.infer<typeof recurringPurchaseSchema>;

export const recurringPurchaseListSchema = z
  .object({ recurringPurchases: z.array(recurringPurchaseSchema) })
  .meta({ id: 'RecurringPurchaseList' });
export type RecurringPurchaseList = z.infer<typeof recurringPurchaseListSchema>;

/** `POST /v1/scheduledSells` (Idempotency-Key required): specific account only, not for corporations. */
export const createScheduledSellBodySchema = z
  .strictObject({
    fundCode: fundCodeSchema,
    type: scheduledSellTypeSchema,
    /** Yen for AMOUNT, units for QUANTITY, a whole percent 1-100 for RATE. */
    value: positiveWholeNumberSchema(maxScheduledSellValue, '金額・口数・率'),
    frequency: scheduledSellFrequencySchema,
  })
  .meta({ id: 'CreateScheduledSellRequest' });
export type CreateScheduledSellBody = z.infer<typeof createScheduledSellBodySchema>;

/** `PUT /v1/scheduledSells/{id}`: type and value together, and/or the frequency; applies at once. */
export const updateScheduledSellBodySchema = z
  .strictObject({
    type: scheduledSellTypeSchema.optional(),
    value: positiveWholeNumberSchema(maxScheduledSellValue, '金額・口数・率').optional(),
    frequency: scheduledSellFrequencySchema.optional(),
  })
  .refine(
    (body) => (body.type === undefined) === (body.value === undefined),
    'type と value は一緒に指定してください',
  )
  .refine(
    (body) => body.value !== undefined || body.frequency !== undefined,
    '変更する項目（type と value, frequency）を指定してください',
  )
  .meta({ id: 'UpdateScheduledSellRequest' });
export type UpdateScheduledSellBody = z.infer<typeof updateScheduledSellBodySchema>;

export const scheduledSellSchema = z
  .object({
    id: z.uuid(),
    fund: fundSummarySchema,
    accountType: z.literal('specific'),
    type: scheduledSellTypeSchema,
    value: amountStringSchema,
    frequency: scheduledSellFrequencySchema,
    status: planStatusSchema,
    createdAt: isoDateTime,
    updatedAt: isoDateTime,
  })
  .meta({ id: 'ScheduledSell' });
export type ScheduledSell = z.infer<typeof scheduledSellSchema>;

export const scheduledSellListSchema = z
  .object({ scheduledSells: z.array(scheduledSellSchema) })
  .meta({ id: 'ScheduledSellList' });
export type ScheduledSellList = z.infer<typeof scheduledSellListSchema>;

/** `PUT /v1/monthlyDeposit`: sets (or changes) the monthly deposit; day 1-28 (the next business day). */
export const putMonthlyDepositBodySchema = z
  .strictObject({
    amount: positiveWholeNumberSchema(maxMonthlyDepositAmount, '入金額'),
    day: z.number().int().min(1).max(28),
  })
  .meta({ id: 'PutMonthlyDepositRequest' });
export type PutMonthlyDepositBody = z.infer<typeof putMonthlyDepositBodySchema>;

export const monthlyDepositSchema = z
  .object({
    monthlyDeposit: z
      .object({
        id: z.uuid(),
        amount: amountStringSchema,
        day: z.number().int(),
        status: planStatusSchema,
        updatedAt: isoDateTime,
      })
      .nullable(),
  })
  .meta({ id: 'MonthlyDeposit' });
export type MonthlyDeposit = z.infer<typeof monthlyDepositSchema>;

export { PlansPath } from './paths.ts';
