import {
  distributionCourseValues,
  accountTypeValues,
  nisaBucketValues,
  orderChannelTypeValues,
  orderStatusValues,
  orderTypeBuyValues,
  orderTypeSellValues,
  paymentMethodValues,
  paymentStatusTypeValues,
} from '@fund/domain';
import { z } from 'zod';
import { isoDateSchema } from './request-limits.ts';
import { maxOrderAmountYen, maxOrderPoints, maxOrderUnits } from './amount-limits.ts';
import { positiveWholeNumberSchema as positiveWholeNumber } from './money-request.ts';

// Orders API (issue 5): estimate, buy, sell, list, detail, cancel. Money and units:
// - in requests, `positiveWholeNumberSchema` (money-request.ts, shared with the plan calls): a JSON number
//   (a safe integer) or a decimal string of digits; fractions, exponents, signs, zero and values beyond
//   the limits are refused with 400;
// - in answers, always decimal strings (`"1000000"`), so nothing loses precision above 2^53.

export { maxOrderAmountYen, maxOrderPoints, maxOrderUnits } from './amount-limits.ts';

export { idempotencyKeyHeader } from './paths.ts';
/** What an Idempotency-Key may be (security.md 25): 1-100 visible ASCII characters. */
export const idempotencyKeyPattern = /^[\x21-\x7e]{1,100}$/;

/** Error codes of the trading API (first three digits = HTTP status, spec §8). */
export const TradingErrorCode = {
  /** Idempotency-Key header missing or malformed. */
  idempotencyKeyRequired: '400-200',
  /** A spot purchase paid by credit card (spec §5). */
  creditCardNotAllowed: '400-201',
  /** Points below 200, not in steps of 100, or used where they cannot be. */
  invalidPoints: '400-202',
  /** More points than the balance. */
  pointsExceedBalance: '400-203',
  /** The points are worth more than the order amount. */
  pointsExceedAmount: '400-204',
  /** Not enough cash (お預り金) for the buy. */
  insufficientCash: '400-205',
  /** Not enough units (free of pending sells) for the sell. */
  insufficientUnits: '400-206',
  /** The order would buy or sell no unit. */
  orderTooSmall: '400-207',
  /** The customer cannot buy in that account (role, closed NISA programme, no such account). */
  accountNotAllowed: '400-208',
  /** NISA: the customer is not eligible (corporation, child, under 18, no NISA account). */
  nisaNotEligible: '400-209',
  /** NISA: the bucket's annual limit for the 受渡日 year is exceeded. */
  nisaAnnualLimit: '400-210',
  /** NISA: 成長投資枠 lifetime 12,000,000 exceeded. */
  nisaGrowthLifetimeLimit: '400-211',
  /** NISA: lifetime 18,000,000 exceeded. */
  nisaLifetimeLimit: '400-212',
  /** NISA: the fund or the order kind is not allowed in that bucket. */
  nisaNotAllowed: '400-213',
  /** The fund takes no buys (買付停止, 償還済) or has no price yet. */
  fundNotOnSale: '400-214',
  /** 再投資 chosen for a fund that offers only 受取. */
  reinvestmentNotOffered: '400-217',
  /** The customer's securities account is not opened yet (status.equity NONE). */
  accountNotOpen: '400-215',
  /** The customer's securities account is closed (status.equity CLOSE). */
  accountClosed: '400-216',
  /** The current prospectus (交付目論見書) has not been confirmed: confirm it, then order again. */
  prospectusNotConfirmed: '409-201',
  /** The order cannot be cancelled any more (priced, cancelled, or after the cut-off of its 申込日). */
  cancelNotAllowed: '409-202',
  /** A request with the same Idempotency-Key is still being processed. */
  idempotencyInProgress: '409-203',
  /** The Idempotency-Key was used before with another request. */
  idempotencyKeyReused: '422-201',
} as const;
export type TradingErrorCode = (typeof TradingErrorCode)[keyof typeof TradingErrorCode];

export { TradingPath } from './paths.ts';

/** A yen amount of an order (1 to 1,000,000,000). */
export const orderAmountSchema = positiveWholeNumber(maxOrderAmountYen, '金額');
/** A unit count of an order (1 to 10^15). */
export const orderUnitsSchema = positiveWholeNumber(maxOrderUnits, '口数');
/** Points to use: 0 (none) or a positive whole number; the rules (≥ 200, steps of 100) answer 400-202. */
export const orderPointsSchema = z.union([
  z.literal(0),
  z.literal('0'),
  positiveWholeNumber(maxOrderPoints, 'ポイント'),
]);

/** A whole number in an answer, as a decimal string. */
export const decimalStringSchema = z.string().regex(/^-?(0|[1-9][0-9]*)$/);

// The spec §3 enumerations are defined once, in @fund/domain (which the database's enums use too): a value
// added there reaches the API's validation and types.
export const accountTypeSchema = z.enum(accountTypeValues);
export type AccountTypeValue = z.infer<typeof accountTypeSchema>;
export const orderTypeBuySchema = z.enum(orderTypeBuyValues);
export const orderTypeSellSchema = z.enum(orderTypeSellValues);
export const orderChannelSchema = z.enum(orderChannelTypeValues);
export const orderStatusSchema = z.enum(orderStatusValues);
export const paymentMethodSchema = z.enum(paymentMethodValues);
export const paymentStatusSchema = z.enum(paymentStatusTypeValues);
/** The 2024 NISA's つみたて投資枠 or 成長投資枠. */
export const nisaBucketSchema = z.enum(nisaBucketValues);
const fundCodeSchema = z.string().regex(/^[0-9A-Z]{8}$/);
const isoDate = isoDateSchema;
const isoDateTime = z.iso.datetime({ offset: true });

/**
 * `POST /v1/orders/buy`. AMOUNT needs `amount` (yen, points included), QUANTITY needs `units`. Spot
 * purchases are paid from the cash balance, `paymentMethod` ACCOUNT_TRANSFER (the default); CREDIT_CARD
 * is refused with 400-201 (spec §5). Points only with AMOUNT.
 */
export const buyOrderRequestSchema = z
  .strictObject({
    fundCode: fundCodeSchema,
    accountType: accountTypeSchema,
    orderType: orderTypeBuySchema,
    amount: orderAmountSchema.optional(),
    units: orderUnitsSchema.optional(),
    paymentMethod: paymentMethodSchema.default('ACCOUNT_TRANSFER'),
    points: orderPointsSchema.optional(),
    /** 分配金の受取方法 for the holding, chosen with the buy; the holding keeps its course when absent. */
    distributionCourse: z.enum(distributionCourseValues).optional(),
  })
  .refine((body) => (body.orderType === 'AMOUNT' ? body.amount !== undefined : body.units !== undefined), {
    message: '金額指定では amount、口数指定では units を指定してください',
  })
  .refine((body) => (body.orderType === 'AMOUNT' ? body.units === undefined : body.amount === undefined), {
    message: 'amount と units は同時に指定できません',
  })
  .meta({ id: 'BuyOrderRequest' });
export type BuyOrderRequest = z.input<typeof buyOrderRequestSchema>;

/**
 * An order names exactly the figure of its type: AMOUNT the amount, QUANTITY the units, ALL neither.
 * Never both: an estimate or an order with amount and units together is refused with 400.
 */
function namesOnlyItsFigure(body: { orderType: string; amount?: unknown; units?: unknown }): boolean {
  if (body.orderType === 'AMOUNT') return body.amount !== undefined && body.units === undefined;
  if (body.orderType === 'QUANTITY') return body.units !== undefined && body.amount === undefined;
  return body.amount === undefined && body.units === undefined;
}
const figureMessage =
  '金額指定では amount、口数指定では units のみを指定してください（全部解約はどちらも不要）';

/** `POST /v1/orders/sell`. AMOUNT needs `amount`, QUANTITY needs `units`, ALL needs neither. */
export const sellOrderRequestSchema = z
  .strictObject({
    fundCode: fundCodeSchema,
    accountType: accountTypeSchema,
    orderType: orderTypeSellSchema,
    amount: orderAmountSchema.optional(),
    units: orderUnitsSchema.optional(),
  })
  .refine(namesOnlyItsFigure, { message: figureMessage })
  .meta({ id: 'SellOrderRequest' });
export type SellOrderRequest = z.input<typeof sellOrderRequestSchema>;

/** `POST /v1/orders/estimate`: a buy or a sell as it would be placed now, nothing is written. */
export const orderEstimateRequestSchema = z
  .discriminatedUnion('side', [
    z.strictObject({
      side: z.literal('BUY'),
      fundCode: fundCodeSchema,
      accountType: accountTypeSchema,
      orderType: orderTypeBuySchema,
      amount: orderAmountSchema.optional(),
      units: orderUnitsSchema.optional(),
      paymentMethod: paymentMethodSchema.default('ACCOUNT_TRANSFER'),
      points: orderPointsSchema.optional(),
    }),
    z.strictObject({
      side: z.literal('SELL'),
      fundCode: fundCodeSchema,
      accountType: accountTypeSchema,
      orderType: orderTypeSellSchema,
      amount: orderAmountSchema.optional(),
      units: orderUnitsSchema.optional(),
    }),
  ])
  .refine(namesOnlyItsFigure, { message: figureMessage })
  .meta({ id: 'OrderEstimateRequest' });
export type OrderEstimateRequest = z.input<typeof orderEstimateRequestSchema>;

const orderDatesSchema = z.object({
  /** 申込日 */
  applicationDate: isoDate,
  /** 約定日 */
  tradeDate: isoDate,
  /** 受渡日 */
  settlementDate: isoDate,
  /** 取消期限: cancellable strictly before this instant. */
  cancelDeadline: isoDateTime,
});

/** The NISA effect of a buy: which 枠, and the room left after it (annual for the 受渡日 year, lifetime). */
const nisaImpactSchema = z.object({
  bucket: nisaBucketSchema,
  year: z.number().int(),
  amount: decimalStringSchema,
  annualRoomAfter: decimalStringSchema,
  growthLifetimeRoomAfter: decimalStringSchema,
  lifetimeRoomAfter: decimalStringSchema,
});

export const orderEstimateSchema = z
  .object({
    side: z.enum(['BUY', 'SELL']),
    fundCode: fundCodeSchema,
    accountType: accountTypeSchema,
    orderType: orderTypeSellSchema,
    /** Always true: the order is priced at the NAV of its 約定日, unknown now (blind pricing). */
    estimated: z.literal(true),
    /** The price the estimate uses: latest NAV (buy) or latest 解約価額 (sell), per 10,000 units. */
    priceDate: isoDate,
    pricePer10k: decimalStringSchema,
    /** Estimated units bought or sold. */
    units: decimalStringSchema,
    /** Buy: the order amount; sell: estimated gross proceeds. */
    amount: decimalStringSchema,
    /** Buy: points used, their yen value, and what the cash balance pays. */
    points: decimalStringSchema,
    pointsValue: decimalStringSchema,
    cashAmount: decimalStringSchema,
    /** Sell in a specific account: estimated tax withheld (negative = refund); otherwise "0". */
    estimatedTax: decimalStringSchema,
    /** Sell: estimated proceeds after tax. */
    estimatedNetProceeds: decimalStringSchema.nullable(),
    dates: orderDatesSchema,
    nisa: nisaImpactSchema.nullable(),
    /** Whether the caller has confirmed the fund's current prospectus (buys need it). */
    prospectusConfirmed: z.boolean(),
  })
  .meta({ id: 'OrderEstimate' });
export type OrderEstimate = z.infer<typeof orderEstimateSchema>;

/** An order as the customer sees it; all money and units are decimal strings. */
export const orderSchema = z
  .object({
    id: z.uuid(),
    fundCode: fundCodeSchema,
    fundName: z.string(),
    accountType: accountTypeSchema,
    channel: orderChannelSchema,
    orderType: orderTypeSellSchema,
    status: orderStatusSchema,
    requestedAmount: decimalStringSchema.nullable(),
    requestedUnits: decimalStringSchema.nullable(),
    /** Units this sell holds until it settles (a sell reduces the shown units at once). */
    reservedUnits: decimalStringSchema,
    /**
     * Cash set aside for a buy (amount minus points; a QUANTITY buy: the estimate with its margin); "0"
     * once the order is cancelled, the money being back in the cash balance.
     */
    heldAmount: decimalStringSchema,
    executedUnits: decimalStringSchema.nullable(),
    executedAmount: decimalStringSchema.nullable(),
    executedPrice: decimalStringSchema.nullable(),
    pointsUsed: decimalStringSchema,
    pointsValue: decimalStringSchema,
    paymentMethod: paymentMethodSchema.nullable(),
    paymentStatus: paymentStatusSchema,
    nisaBucket: nisaBucketSchema.nullable(),
    nisaAmount: decimalStringSchema,
    taxWithheld: decimalStringSchema,
    applicationDate: isoDate,
    tradeDate: isoDate,
    settlementDate: isoDate,
    cancelDeadline: isoDateTime,
    cancelable: z.boolean(),
    createdAt: isoDateTime,
    canceledAt: isoDateTime.nullable(),
  })
  .meta({ id: 'Order' });
export type OrderView = z.infer<typeof orderSchema>;

/** Answer of buy, sell, detail and cancel. */
export const orderResponseSchema = z.object({ order: orderSchema }).meta({ id: 'OrderResponse' });
export type OrderResponse = z.infer<typeof orderResponseSchema>;

/** `GET /v1/orders?status&page`: the customer's orders, newest first, 20 per page (page from 1). */
export const ordersQuerySchema = z.strictObject({
  status: orderStatusSchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const ordersPageSize = 20;
export const ordersResponseSchema = z
  .object({
    orders: z.array(orderSchema),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  })
  .meta({ id: 'Orders' });
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

export const orderIdParamsSchema = z.object({ orderId: z.string().max(100) });
