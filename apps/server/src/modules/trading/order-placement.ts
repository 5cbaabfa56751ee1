import { TradingErrorCode } from '@fund/contracts';
import { randomUUID } from 'node:crypto';
import { type Order } from '@fund/db';
import {
  formatTimeOfDay,
  jstDateOf,
  jstTimeOfDay,
  tradingStandingRefusal,
  type AccountType,
  type NisaBucket,
  type OrderDates,
  type PaymentMethod,
} from '@fund/domain';
import { type AuditEntry } from '../../audit/audit-log.ts';
import { type PlacementContext, type PlacementContextRequest } from './placement-context.repository.ts';
import { fundTradingCalendar, type TradingCustomer } from './trading.repository.ts';
import { TradingError, tradingMessages as messages } from './trading-errors.ts';
import { tradingStandingError } from '../../errors/trading-standing-error.ts';

/**
 * The placement core of orders (issue 5), shared by the orders API and the batch (積立, 定期売却): this
 * file holds what every placement shares; a buy is planned in buy-plan.ts and placed in buy-placement.ts,
 * a sell in sell-placement.ts, a cancellation in order-cancellation.ts.
 *
 * Call each function inside the caller's transaction (`db.transaction(async (tx) => …)`). A placement
 * makes two statements (decision 010): one reads everything the rules decide on, with the customer locked
 * (`readPlacementContextInTransaction`), one writes the order, its journal entry, the unit reservation, the NISA hold,
 * the points use, the audit entry and the API's stored answer together (`writePlacedOrderInTransaction`). A spot buy to
 * a taxable account may also run on the database itself, without a transaction (`placeTaxableBuy`, `buyHoldsCustomerLock`);
 * its read and its write then share their statements with concurrent buys (decision 010, addendum 2).
 * A refusal throws `TradingError` (an AppError with a `TradingErrorCode`, a Japanese message and the
 * domain's `reason`); the transaction must then be rolled back (let the error leave the callback).
 *
 * Both functions are idempotent by `idempotencyKey` (unique per customer in `orders`): when the customer
 * already has an order with that key it is returned unchanged and nothing is written, so a batch rerun
 * with deterministic keys (e.g. `tsumitate:<plan>:<yyyy-mm>`) finds its own order. The orders API prefixes
 * the customer's Idempotency-Key with `api:` so customer keys never collide with batch keys.
 *
 * Money rules (all arithmetic is @fund/domain's):
 * - the three dates and the cancel deadline come from `orderDatesFor(now, side, fund calendar)`;
 * - BUY (spot): paid from the cash balance. AMOUNT holds the amount; QUANTITY holds the estimate
 *   ⌈units × latest NAV ÷ 10,000⌉ plus a 10 % margin (⌈estimate × 110 ÷ 100⌉) for the unknown 約定日 NAV;
 *   at execution the batch settles the real cost and returns the rest of the hold to customer_cash.
 *   Journal `buy.placed`: debit customer_cash (amount − points' yen) + debit points_receivable (points'
 *   yen) / credit customer_unsettled (the held amount). Points: a USED row in points_ledger.
 *   CREDIT_CARD is refused (spec §5); points only with AMOUNT, ≥ 200 in steps of 100, 100 pt = 450 yen.
 *   The prospectus version in force must be confirmed (409-201).
 * - TSUMITATE: the money was collected by the recurring debit (the batch posts bank_clearing /
 *   customer_unsettled itself): no journal entry here, payment status RECEIVED, `paymentMethod` stored
 *   (default ACCOUNT_TRANSFER), no points, no prospectus check (confirmed when the plan was set up).
 * - NISA (nisa2_growth / nisa2_tsumitate): AMOUNT only; `decideNisaPurchase` (eligibility by role and age
 *   on 1 January of the 受渡日 year, bucket, annual limit of the 受渡日 year, growth ≤ 12M, total ≤ 18M);
 *   the amount is held at once in `nisa_usage.purchased` of the 受渡日 year (`orders.nisa_amount`).
 * - SELL / SCHEDULEDSELL: AMOUNT reserves ⌈amount × 10,000 ÷ latest 解約価額⌉ units capped at the free
 *   units (units − reserved); QUANTITY above the free units is refused (400-206); ALL reserves every free
 *   unit. The units are reserved on the holding (`holdings.reserved_units`, `orders.reserved_units`) at
 *   once, so the shown units drop and a concurrent sell cannot sell them again. No journal entry.
 *
 * Audit: `order.created` with actor customer for BUY/SELL. The batch's TSUMITATE/SCHEDULEDSELL orders have
 * no audit entry (decision 008, "What the audit log records"): the customer's act is the plan, audited
 * when it was made or changed, and the order names its plan and the batch item that placed it.
 */

export interface PlaceOrderCommon {
  readonly customerId: string;
  readonly fundCode: string;
  readonly accountType: AccountType;
  /** Unique per customer; a second call with the same key returns the first order. */
  readonly idempotencyKey: string;
  /** The business clock's now (placement time decides the 申込日). */
  readonly now: Date;
  /** For the audit entry. */
  readonly requestId?: string | null;
  readonly ip?: string | null;
}

export interface PlaceBuyOrderInput extends PlaceOrderCommon {
  readonly orderType: 'AMOUNT' | 'QUANTITY';
  /** AMOUNT: yen, including the part paid with points. */
  readonly amount?: bigint;
  /** QUANTITY: units. */
  readonly units?: bigint;
  readonly channel: 'BUY' | 'TSUMITATE';
  /** Required for TSUMITATE (the plan), with the debit that paid for it when known. */
  readonly recurringPurchaseId?: string;
  readonly recurringDebitId?: string;
  /** BUY: ACCOUNT_TRANSFER only (CREDIT_CARD → 400-201). TSUMITATE: how the plan paid. */
  readonly paymentMethod?: PaymentMethod;
  /** BUY with AMOUNT only: points to use (0 = none). */
  readonly points?: bigint;
}

export interface PlaceSellOrderInput extends PlaceOrderCommon {
  readonly orderType: 'AMOUNT' | 'QUANTITY' | 'ALL';
  readonly amount?: bigint;
  readonly units?: bigint;
  readonly channel: 'SELL' | 'SCHEDULEDSELL';
  /** Required for SCHEDULEDSELL. */
  readonly scheduledSellId?: string;
}

/**
 * The customer, if their account state lets them trade: the customer's own orders and the batch's (積立,
 * 定期売却) alike, so a locked, closed or unopened account is never traded for (issue 13).
 */
export function checkCustomer(customer: TradingCustomer | undefined): TradingCustomer {
  if (customer === undefined) {
    throw new TradingError(TradingErrorCode.accountNotOpen, messages.accountNotOpen);
  }
  const refusal = tradingStandingRefusal(customer);
  if (refusal !== undefined) throw tradingStandingError(refusal);
  return customer;
}

/** The customer, the fund and its price a placement needs, or the refusal when one is missing. */
export function placementParties(context: PlacementContext | undefined) {
  const customer = checkCustomer(context?.customer);
  if (context?.fund === undefined) {
    throw new TradingError(TradingErrorCode.fundNotOnSale, messages.fundNotFound);
  }
  const { fund, nav } = context;
  if (nav === undefined) throw new TradingError(TradingErrorCode.fundNotOnSale, messages.noPrice);
  return { context, customer, fund, nav, calendar: fundTradingCalendar(fund, context.fundHolidays) };
}

/**
 * What the placement context of an order is read for: the customer locked with `lock`, the key's earlier
 * order and the request's idempotency record (`requestKey`) looked up.
 */
export function contextRequestOf(
  input: Omit<PlaceOrderCommon, 'idempotencyKey'> & { readonly idempotencyKey?: string },
  lock: boolean,
  requestKey: string | null = null,
): PlacementContextRequest {
  return {
    customerId: input.customerId,
    fundCode: input.fundCode,
    accountType: input.accountType,
    today: jstDateOf(input.now),
    clockTime: formatTimeOfDay(jstTimeOfDay(input.now)),
    orderKey: input.idempotencyKey ?? null,
    requestKey,
    lock,
  };
}

/** The columns every new order starts with: ORDERED, nothing executed, no points, tax or NISA hold. */
export function orderRowDefaults(
  input: PlaceOrderCommon & { readonly channel: Order['channel']; readonly orderType: Order['orderType'] },
  id: string = randomUUID(),
) {
  return {
    id,
    accountType: input.accountType,
    channel: input.channel,
    orderType: input.orderType,
    status: 'ORDERED',
    idempotencyKey: input.idempotencyKey,
    reservedUnits: 0n,
    executedUnits: null,
    executedAmount: null,
    executedNav: null,
    executedPrice: null,
    pointsUsed: 0n,
    pointsValue: 0n,
    paymentMethod: null,
    paymentStatus: 'NONE',
    nisaBucket: null,
    nisaAmount: 0n,
    taxWithheld: 0n,
    recurringPurchaseId: null,
    recurringDebitId: null,
    scheduledSellId: null,
    canceledAt: null,
    createdAt: input.now,
    updatedAt: input.now,
  } satisfies Partial<Order>;
}

/** What a buy's checks decided for its row (`BuyPlan`'s figures; the batch's chunk decides the same). */
export interface BuyOrderFigures {
  readonly customerId: string;
  readonly fundId: string;
  readonly amount: bigint;
  readonly estimatedUnits: bigint;
  readonly points: bigint;
  readonly pointsValue: bigint;
  readonly dates: OrderDates;
  readonly nisa: { readonly bucket: NisaBucket; readonly amount: bigint } | null;
}

/**
 * A buy order's row as stored, for the orders API and the batch alike: a spot buy pays from お預り金, a
 * 積立 was collected (RECEIVED) by its plan's payment method and names its plan and debit.
 */
export function buyOrderRow(
  input: PlaceBuyOrderInput,
  figures: BuyOrderFigures,
  /** The batch gives time-ordered ids (jobs/time-ordered-uuid.ts): its rows go to the end of the index. */
  id?: string,
): Order {
  const spot = input.channel === 'BUY';
  // assigned onto the defaults, not spread: a spread overriding most keys of a 25-key object makes a
  // slow dictionary-mode object, which the batch's chunk of thousands of rows felt (bench:batch)
  return Object.assign(orderRowDefaults(input, id), {
    customerId: figures.customerId,
    fundId: figures.fundId,
    requestedAmount: input.orderType === 'AMOUNT' ? figures.amount : null,
    requestedUnits: input.orderType === 'QUANTITY' ? figures.estimatedUnits : null,
    pointsUsed: figures.points,
    pointsValue: figures.pointsValue,
    paymentMethod: spot ? null : (input.paymentMethod ?? 'ACCOUNT_TRANSFER'),
    paymentStatus: spot ? 'NONE' : 'RECEIVED',
    applicationDate: figures.dates.applicationDate,
    tradeDate: figures.dates.tradeDate,
    settlementDate: figures.dates.settlementDate,
    cancelDeadline: figures.dates.cancelDeadline,
    nisaBucket: figures.nisa?.bucket ?? null,
    nisaAmount: figures.nisa?.amount ?? 0n,
    recurringPurchaseId: spot ? null : (input.recurringPurchaseId ?? null),
    recurringDebitId: spot ? null : (input.recurringDebitId ?? null),
  });
}

/** The `order.created` audit entry of a customer's order; none for the batch's orders. */
export function auditOf(
  input: PlaceOrderCommon & { readonly channel: string },
  action: string,
  order: Order,
  details: Record<string, unknown>,
): AuditEntry | null {
  if (input.channel !== 'BUY' && input.channel !== 'SELL') return null;
  return {
    actorType: 'customer',
    actorId: input.customerId,
    subjectCustomerId: input.customerId,
    action,
    outcome: 'allowed',
    requestId: input.requestId ?? null,
    ip: input.ip ?? null,
    details: {
      orderId: order.id,
      fundCode: input.fundCode,
      accountType: order.accountType,
      channel: order.channel,
      orderType: order.orderType,
      requestedAmount: order.requestedAmount?.toString() ?? null,
      requestedUnits: order.requestedUnits?.toString() ?? null,
      applicationDate: order.applicationDate,
      ...details,
    },
    occurredAt: input.now,
  };
}

/** What the answer of a placed order shows besides the order row (a sell holds no amount: 0). */
export interface OrderShown {
  readonly fund: { readonly code: string; readonly name: string };
  readonly heldAmount: bigint;
}

/** The orders API's idempotency record of an order: its key, the request's hash and the answer to store. */
export interface OrderRequestRecord {
  readonly key: string;
  readonly requestHash: string;
  readonly answer: (order: Order, shown: OrderShown) => { readonly status: number; readonly body: unknown };
}
