import { z } from 'zod';

// Standing instructions of the customer (spec §3, domain.md §3): 積立 (recurring purchases), 定期売却
// (scheduled sells) and 毎月の入金 (monthly deposit).
//
// Money and units: every yen amount and unit count, in requests and in answers, is a decimal string of
// digits ("5000", "123456789012345678"), never a JSON number. Numbers above 2^53 lose digits in
// JavaScript and JSON parsers, and a string cannot hide a float (5000.5), an exponent (5e3) or a sign.
// Request strings must be canonical positive integers: no sign, no leading zero, no fraction, no
// exponent, no separators; anything else is a 400 with the spec's `{ code, message }` body.

/** A canonical decimal integer ≥ 0, as answers carry money and units. */
export const amountStringSchema = z.string().regex(/^(?:0|[1-9][0-9]*)$/);
/** A signed canonical decimal integer (gains and losses). */
export const signedAmountStringSchema = z.string().regex(/^(?:0|-?[1-9][0-9]*)$/);

/** Digits of the largest yen amount or unit count a request may carry (below 2^63, bigint columns). */
const maxInputDigits = 15;

/**
 * A positive whole number in a request, as a canonical decimal string of at most `maxDigits` digits;
 * `max` (optional) is the largest value accepted. Rules of the domain (steps, minimums) are checked by
 * the server with @fund/domain, this only refuses what is not a number at all.
 */
export function positiveIntegerStringSchema(max?: bigint) {
  const base = z
    .string()
    .regex(/^[1-9][0-9]*$/, '1 以上の整数を半角数字の文字列で指定してください（小数・指数・符号は不可）')
    .max(maxInputDigits, `${maxInputDigits} 桁以内で指定してください`);
  return max === undefined
    ? base
    : base.refine(
        // zod runs every check, so the value may not be digits here: only compare what is
        (value) => !/^[1-9][0-9]*$/.test(value) || value.length > maxInputDigits || BigInt(value) <= max,
        `${max.toString()} 以下で指定してください`,
      );
}

/** Largest monthly (or bonus) amount of one recurring plan a request may name: 1億円. */
export const maxRecurringAmount = 100_000_000n;
/** Largest monthly deposit a request may name: 1億円. */
export const maxMonthlyDepositAmount = 100_000_000n;
/** Largest scheduled-sell figure (yen or units) a request may name. */
export const maxScheduledSellValue = 999_999_999_999_999n;

export const planAccountTypeSchema = z.enum(['specific', 'general', 'nisa2_tsumitate', 'nisa2_growth']);
export const planPaymentMethodSchema = z.enum(['ACCOUNT_TRANSFER', 'CREDIT_CARD']);
export const planStatusSchema = z.enum(['ACTIVE', 'SUSPENDED', 'CANCELED']);
export const scheduledBuyBatchFlagSchema = z.enum(['create', 'update', 'cancel']);
export const scheduledSellTypeSchema = z.enum(['AMOUNT', 'QUANTITY', 'RATE']);
export const scheduledSellFrequencySchema = z.enum(['MONTHLY', 'ODD_MONTHLY']);

/** A month as `YYYY-MM`. */
const yearMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);
const fundCodeSchema = z.string().regex(/^[0-9A-Z]{8}$/, 'ファンドコードは英大文字・数字 8 桁です');
const isoDateTime = z.iso.datetime({ offset: true });

export const planIdParamsSchema = z.object({ id: z.uuid() });
export type PlanIdParams = z.infer<typeof planIdParamsSchema>;

const fundSummarySchema = z.object({ code: z.string(), name: z.string(), shortName: z.string() });

const bonusInputSchema = z.strictObject({
  /** ボーナス月 (1-12), one or two distinct months. */
  months: z.array(z.number().int().min(1).max(12)).min(1).max(2),
  /** ボーナス月の増額分 (yen, decimal string). */
  amount: positiveIntegerStringSchema(maxRecurringAmount),
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
    amount: positiveIntegerStringSchema(maxRecurringAmount),
    bonus: bonusInputSchema.nullable().optional(),
    paymentMethod: planPaymentMethodSchema,
  })
  .meta({ id: 'CreateRecurringPurchaseRequest' });
export type CreateRecurringPurchaseBody = z.infer<typeof createRecurringPurchaseBodySchema>;

/**
 * `PUT /v1/recurringPurchases/{id}`: the new amount, bonus (null removes it) and/or payment method. The
 * change waits as a pending change (batch flag `update`) until the month it applies from.
 */
export const updateRecurringPurchaseBodySchema = z
  .strictObject({
    amount: positiveIntegerStringSchema(maxRecurringAmount).optional(),
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
    value: positiveIntegerStringSchema(maxScheduledSellValue),
    frequency: scheduledSellFrequencySchema,
  })
  .meta({ id: 'CreateScheduledSellRequest' });
export type CreateScheduledSellBody = z.infer<typeof createScheduledSellBodySchema>;

/** `PUT /v1/scheduledSells/{id}`: type and value together, and/or the frequency; applies at once. */
export const updateScheduledSellBodySchema = z
  .strictObject({
    type: scheduledSellTypeSchema.optional(),
    value: positiveIntegerStringSchema(maxScheduledSellValue).optional(),
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
    amount: positiveIntegerStringSchema(maxMonthlyDepositAmount),
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

/** Paths of the plan-management calls. */
export const PlansPath = {
  recurringPurchases: '/v1/recurringPurchases',
  recurringPurchase: '/v1/recurringPurchases/:id',
  recurringPurchaseSuspend: '/v1/recurringPurchases/:id/suspend',
  recurringPurchaseResume: '/v1/recurringPurchases/:id/resume',
  recurringPurchaseCancel: '/v1/recurringPurchases/:id/cancel',
  scheduledSells: '/v1/scheduledSells',
  scheduledSell: '/v1/scheduledSells/:id',
  scheduledSellSuspend: '/v1/scheduledSells/:id/suspend',
  scheduledSellResume: '/v1/scheduledSells/:id/resume',
  scheduledSellCancel: '/v1/scheduledSells/:id/cancel',
  monthlyDeposit: '/v1/monthlyDeposit',
} as const;
