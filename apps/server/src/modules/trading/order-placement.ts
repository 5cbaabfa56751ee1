import { TradingErrorCode } from '@fund/contracts';
import { randomUUID } from 'node:crypto';
import {
  credit,
  debit,
  orders,
  pointsLedger,
  postJournalEntry,
  type Database,
  type DatabaseExecutor,
  type JournalLineInput,
  type Order,
  type Transaction,
} from '@fund/db';
import { pointRefusalError } from '../../errors/card-errors.ts';
import {
  cancellationPrice,
  canCancelOrder,
  checkPointUse,
  checkPurchaseAccount,
  costOfUnits,
  decideNisaPurchase,
  divideCeil,
  executeSell,
  formatTimeOfDay,
  InsufficientUnitsError,
  jstDateOf,
  pointRefusalOf,
  jstTimeOfDay,
  nisaBucketOfAccountType,
  nisaRoom,
  orderDatesFor,
  orderStatusMachine,
  OrderTooSmallError,
  tradingStandingRefusal,
  unitsForAmount,
  yearOf,
  type AccountType,
  type IsoDate,
  type NavPer10k,
  type NisaBucket,
  type OrderDates,
  type PaymentMethod,
  type Units,
  type Yen,
} from '@fund/domain';
import { eq } from 'drizzle-orm';
import { recordAudit, type AuditEntry } from '../../audit/audit-log.ts';
import { NotFoundError } from '../../errors/app-error.ts';
import type { StoredAnswer } from '../../idempotency/idempotency.ts';
import {
  readPlacementContextInTransaction,
  readSharedPlacementContext,
  type PlacementContext,
  type PlacementContextRequest,
} from './placement-context.ts';
import {
  writePlacedOrderInTransaction,
  writeSharedPlacedOrder,
  type PlacedOrderRows,
} from './placed-order-write.ts';
import {
  fundTradingCalendar,
  findOrderByKey,
  lockOwnOrder,
  releaseNisaPurchase,
  nisaUsageOf,
  orderEntryLines,
  reserveUnits,
  type TradingCustomer,
} from './trading.repository.ts';
import {
  accountRefusalMessage,
  nisaRefusal,
  TradingError,
  tradingMessages as messages,
} from './trading-errors.ts';
import { tradingStandingError } from '../../errors/trading-standing-error.ts';
import { lockCustomer } from '../../shared/customer-lock.ts';

/**
 * The placement core of orders (issue 5), shared by the orders API and the batch (積立, 定期売却).
 *
 * Call each function inside the caller's transaction (`db.transaction(async (tx) => …)`). A placement
 * makes two statements (decision 010): one reads everything the rules decide on, with the customer locked
 * (`readPlacementContext`), one writes the order, its journal entry, the unit reservation, the NISA hold,
 * the points use, the audit entry and the API's stored answer together (`writePlacedOrder`). A spot buy to
 * a taxable account may also run on the database itself, without a transaction (`buyHoldsCustomerLock`);
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

/** The 10 % margin a QUANTITY buy holds above its estimate (percent of the estimate). */
export const quantityBuyHoldPercent = 110n;

/** Everything a buy would be, computed without writing: shared by the estimate and the placement. */
export interface BuyPlan {
  readonly customer: TradingCustomer;
  readonly fundId: string;
  readonly fundName: string;
  readonly nav: { readonly navDate: IsoDate; readonly nav: NavPer10k };
  readonly dates: OrderDates;
  /** The order amount (AMOUNT) or the estimate ⌈units × NAV ÷ 10,000⌉ (QUANTITY). */
  readonly amount: Yen;
  readonly estimatedUnits: Units;
  /** What the order holds in customer_unsettled (or, TSUMITATE, what was collected). */
  readonly heldAmount: Yen;
  readonly points: bigint;
  readonly pointsValue: Yen;
  /** What the cash balance pays: held amount − points' yen (0 for TSUMITATE). */
  readonly cashAmount: Yen;
  readonly nisa: {
    readonly bucket: NisaBucket;
    readonly year: number;
    readonly amount: Yen;
    readonly annualRoomAfter: Yen;
    readonly growthLifetimeRoomAfter: Yen;
    readonly lifetimeRoomAfter: Yen;
  } | null;
  readonly prospectusConfirmed: boolean;
  /** お預り金 when the plan was made (placement: with the customer locked). */
  readonly cashBalance: Yen;
}

export interface SellPlan {
  readonly customer: TradingCustomer;
  readonly fundId: string;
  readonly fundName: string;
  readonly price: {
    readonly navDate: IsoDate;
    readonly nav: NavPer10k;
    readonly cancellationPrice: NavPer10k;
  };
  readonly dates: OrderDates;
  readonly units: Units;
  readonly grossProceeds: Yen;
  readonly holding: {
    readonly units: bigint;
    readonly reservedUnits: bigint;
    readonly costBasisPer10k: bigint;
  };
}

/**
 * The customer, if their account state lets them trade: the customer's own orders and the batch's (積立,
 * 定期売却) alike, so a locked, closed or unopened account is never traded for (issue 13).
 */
function checkCustomer(customer: TradingCustomer | undefined): TradingCustomer {
  if (customer === undefined) {
    throw new TradingError(TradingErrorCode.accountNotOpen, messages.accountNotOpen);
  }
  const refusal = tradingStandingRefusal(customer);
  if (refusal !== undefined) throw tradingStandingError(refusal);
  return customer;
}

/** The customer, the fund and its price a placement needs, or the refusal when one is missing. */
function placementParties(context: PlacementContext | undefined) {
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
function contextRequestOf(
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

/**
 * Checks a buy and computes its figures. With `lock` the customer row is locked first (placement); the
 * estimate reads without locking.
 */
export async function planBuyOrder(
  tx: Transaction,
  input: Omit<PlaceBuyOrderInput, 'idempotencyKey'>,
  lock: boolean,
): Promise<BuyPlan> {
  return planBuy(tx, input, await readPlacementContextInTransaction(tx, contextRequestOf(input, lock)));
}

async function planBuy(
  tx: DatabaseExecutor,
  input: Omit<PlaceBuyOrderInput, 'idempotencyKey'>,
  found: PlacementContext | undefined,
): Promise<BuyPlan> {
  const spot = input.channel === 'BUY';
  const { context, customer, fund, nav, calendar } = placementParties(found);
  if (spot && input.paymentMethod === 'CREDIT_CARD') {
    throw new TradingError(TradingErrorCode.creditCardNotAllowed, messages.creditCardNotAllowed);
  }
  if (fund.salesStatus !== 'ON_SALE') {
    throw new TradingError(TradingErrorCode.fundNotOnSale, messages.fundNotOnSale);
  }
  const accountCheck = checkPurchaseAccount(input.accountType, customer.role);
  if (!accountCheck.ok) {
    throw new TradingError(
      TradingErrorCode.accountNotAllowed,
      accountRefusalMessage(accountCheck.reason),
      accountCheck.reason,
    );
  }
  const bucket = nisaBucketOfAccountType(input.accountType) ?? null;
  if (!context.openAccountTypes.has(input.accountType)) {
    if (bucket !== null) throw nisaRefusal('no-nisa-account');
    throw new TradingError(TradingErrorCode.accountNotAllowed, messages.noSuchAccount, 'no-such-account');
  }

  const dates = orderDatesFor(input.now, 'BUY', calendar);
  let amount: Yen;
  let heldAmount: Yen;
  let estimatedUnits: Units;
  if (input.orderType === 'AMOUNT') {
    if (input.amount === undefined || input.amount <= 0n) {
      throw new TradingError(TradingErrorCode.orderTooSmall, messages.orderTooSmall);
    }
    amount = input.amount as Yen;
    heldAmount = amount;
    estimatedUnits = unitsForAmount(amount, nav.nav);
  } else {
    if (bucket !== null) throw new TradingError(TradingErrorCode.nisaNotAllowed, messages.nisaQuantity);
    if (input.units === undefined || input.units <= 0n) {
      throw new TradingError(TradingErrorCode.orderTooSmall, messages.orderTooSmall);
    }
    estimatedUnits = input.units as Units;
    amount = costOfUnits(estimatedUnits, nav.nav);
    heldAmount = divideCeil(amount * quantityBuyHoldPercent, 100n) as Yen;
  }
  if (estimatedUnits <= 0n) throw new TradingError(TradingErrorCode.orderTooSmall, messages.orderTooSmall);

  // points (spot AMOUNT buys only)
  const points = input.points ?? 0n;
  let pointsValue = 0n as Yen;
  if (points !== 0n) {
    if (!spot) throw new TradingError(TradingErrorCode.invalidPoints, messages.pointsForRecurring);
    if (input.orderType !== 'AMOUNT') {
      throw new TradingError(TradingErrorCode.invalidPoints, messages.pointsForQuantity);
    }
    // points come with a linked points card in good standing, as the point call answers (spec §8)
    const cardRefusal = pointRefusalOf(context.linkedCard, jstDateOf(input.now));
    if (cardRefusal !== undefined) throw pointRefusalError(cardRefusal);
    const check = checkPointUse({
      points,
      purchaseKind: 'SPOT',
      balance: context.pointBalance,
      orderAmount: amount,
    });
    if (!check.ok) {
      const [reason] = check.reasons;
      if (reason === 'exceeds-balance' && check.reasons.length === 1) {
        throw new TradingError(TradingErrorCode.pointsExceedBalance, messages.pointsExceedBalance, reason);
      }
      if (
        reason === 'exceeds-order-amount' ||
        (reason === 'exceeds-balance' && check.reasons.includes('exceeds-order-amount'))
      ) {
        throw new TradingError(
          TradingErrorCode.pointsExceedAmount,
          messages.pointsExceedAmount,
          'exceeds-order-amount',
        );
      }
      throw new TradingError(TradingErrorCode.invalidPoints, messages.pointsBelowMinimum, reason);
    }
    pointsValue = check.pointsValue;
  }
  const cashAmount = spot ? ((heldAmount - pointsValue) as Yen) : (0n as Yen);

  // NISA
  let nisa: BuyPlan['nisa'] = null;
  if (bucket !== null) {
    if (bucket === 'growth' && !fund.growthEligible) throw nisaRefusal('fund-not-growth-eligible');
    const usage = await nisaUsageOf(tx, customer.id);
    const decision = decideNisaPurchase(
      {
        role: customer.role,
        birthDate: (customer.birthDate ?? '9999-12-31') as IsoDate,
        residentOfJapan: true,
        hasNisaAccount: true,
      },
      {
        bucket,
        kind: spot ? 'SPOT' : 'RECURRING',
        fundTsumitateEligible: fund.tsumitateEligible,
        amount,
        settlementDate: dates.settlementDate,
      },
      usage,
    );
    if (!decision.allowed) throw nisaRefusal(decision.reason, decision.room);
    const room = nisaRoom(usage, decision.year);
    nisa = {
      bucket,
      year: decision.year,
      amount,
      annualRoomAfter: ((bucket === 'growth' ? room.growthAnnual : room.tsumitateAnnual) - amount) as Yen,
      growthLifetimeRoomAfter: (bucket === 'growth'
        ? room.growthLifetime - amount
        : room.growthLifetime) as Yen,
      lifetimeRoomAfter: (room.lifetime - amount) as Yen,
    };
  }

  // prospectus (spot buys)
  const prospectusConfirmed = context.prospectus?.confirmed === true;

  return {
    customer,
    fundId: fund.id,
    fundName: fund.name,
    nav,
    dates,
    amount,
    estimatedUnits,
    heldAmount,
    points,
    pointsValue,
    cashAmount,
    nisa,
    prospectusConfirmed,
    cashBalance: context.cashBalance as Yen,
  };
}

/**
 * Places a buy order (spot BUY or recurring TSUMITATE) and returns the order row. See the module comment
 * for the rules and the entries written.
 */
export async function placeBuyOrder(tx: Transaction, input: PlaceBuyOrderInput): Promise<Order> {
  const placement = await placeBuy(tx, input, null);
  if ('earlier' in placement) throw new Error('No request record was asked for.');
  return placement.order;
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

/**
 * A buy as placed, with what its answer shows (`shown` null when the order key's earlier order came
 * back) and the answer stored with the request; or the earlier request found with the request's key.
 */
export type BuyPlacement =
  | {
      readonly order: Order;
      readonly shown: OrderShown | null;
      readonly answer: { readonly status: number; readonly body: unknown } | null;
    }
  | { readonly earlier: StoredAnswer };

/**
 * Whether a buy must hold its customer's row lock from its read to its write, in a transaction: a NISA
 * buy decides on limits that no constraint fully guards (the lifetime and growth limits), so two buys of
 * one customer must not decide at once. A taxable buy may read without a lock and write in one statement
 * outside a transaction: everything it decides on is either guarded again by the database when it writes
 * (cash and points balances by their CHECKs, the keys by unique indexes) or a fact a concurrent change
 * would simply order before or after it (fund on sale, account open, prospectus confirmed).
 */
export function buyHoldsCustomerLock(accountType: AccountType): boolean {
  return nisaBucketOfAccountType(accountType) !== undefined;
}

/** Where a buy is placed: how its context is read and its rows written, and by whom its reads run. */
interface BuySite {
  readonly executor: DatabaseExecutor;
  readonly read: (request: PlacementContextRequest) => Promise<PlacementContext | undefined>;
  readonly write: (rows: PlacedOrderRows) => Promise<void>;
  /** Whether the customer is locked from the read to the write. */
  readonly lock: boolean;
}

/**
 * `placeBuyOrder` in two round trips: one statement reads what the rules decide on (with the request's
 * idempotency record when `request` is given) and one writes every row of the order, the record with its
 * answer included (decision 010). In the caller's transaction, with the customer locked as every
 * placement did before the shared path existed.
 */
export function placeBuy(
  tx: Transaction,
  input: PlaceBuyOrderInput,
  request: OrderRequestRecord | null,
): Promise<BuyPlacement> {
  return placeBuyAt(
    {
      executor: tx,
      read: (contextRequest) => readPlacementContextInTransaction(tx, contextRequest),
      write: (rows) => writePlacedOrderInTransaction(tx, rows),
      lock: true,
    },
    input,
    request,
  );
}

/**
 * `placeBuy` outside a transaction, for a buy that `buyHoldsCustomerLock` lets run without one: its read
 * and its write share their statements with concurrent placements (decision 010, addendum 2).
 */
export function placeTaxableBuy(
  db: Database,
  input: PlaceBuyOrderInput,
  request: OrderRequestRecord | null,
): Promise<BuyPlacement> {
  if (buyHoldsCustomerLock(input.accountType)) {
    throw new Error('A NISA buy must be placed in a transaction.');
  }
  return placeBuyAt(
    {
      executor: db,
      read: (contextRequest) => readSharedPlacementContext(db, contextRequest),
      write: (rows) => writeSharedPlacedOrder(db, rows),
      lock: false,
    },
    input,
    request,
  );
}

async function placeBuyAt(
  site: BuySite,
  input: PlaceBuyOrderInput,
  request: OrderRequestRecord | null,
): Promise<BuyPlacement> {
  const tx = site.executor;
  const context = await site.read(contextRequestOf(input, site.lock, request?.key ?? null));
  if (context?.storedRequest != null) return { earlier: context.storedRequest };
  if (context?.existingOrderId != null) {
    return {
      order: (await findOrderByKey(tx, input.customerId, input.idempotencyKey))!,
      shown: null,
      answer: null,
    };
  }
  const spot = input.channel === 'BUY';
  const plan = await planBuy(tx, input, context);
  if (spot && !plan.prospectusConfirmed) {
    throw new TradingError(TradingErrorCode.prospectusNotConfirmed, messages.prospectusNotConfirmed);
  }
  if (spot && plan.cashAmount > plan.cashBalance) {
    throw new TradingError(TradingErrorCode.insufficientCash, messages.insufficientCash, 'insufficient-cash');
  }
  const order: Order = {
    ...orderRowDefaults(input),
    customerId: plan.customer.id,
    fundId: plan.fundId,
    requestedAmount: input.orderType === 'AMOUNT' ? plan.amount : null,
    requestedUnits: input.orderType === 'QUANTITY' ? plan.estimatedUnits : null,
    pointsUsed: plan.points,
    pointsValue: plan.pointsValue,
    paymentMethod: spot ? null : (input.paymentMethod ?? 'ACCOUNT_TRANSFER'),
    paymentStatus: spot ? 'NONE' : 'RECEIVED',
    applicationDate: plan.dates.applicationDate,
    tradeDate: plan.dates.tradeDate,
    settlementDate: plan.dates.settlementDate,
    cancelDeadline: plan.dates.cancelDeadline,
    nisaBucket: plan.nisa?.bucket ?? null,
    nisaAmount: plan.nisa?.amount ?? 0n,
    recurringPurchaseId: spot ? null : (input.recurringPurchaseId ?? null),
    recurringDebitId: spot ? null : (input.recurringDebitId ?? null),
  };
  const shown: OrderShown = {
    fund: { code: input.fundCode, name: plan.fundName },
    heldAmount: spot ? plan.heldAmount : 0n,
  };
  const lines: JournalLineInput[] = [credit('customer_unsettled', plan.heldAmount, plan.customer.id)];
  if (plan.cashAmount > 0n) lines.push(debit('customer_cash', plan.cashAmount, plan.customer.id));
  if (plan.pointsValue > 0n) lines.push(debit('points_receivable', plan.pointsValue, plan.customer.id));
  const answer = request === null ? null : request.answer(order, shown);
  await site.write({
    order,
    entry: spot
      ? {
          kind: 'buy.placed',
          businessDate: jstDateOf(input.now),
          customerId: plan.customer.id,
          description: '買付注文（お預り金から充当）',
          lines,
        }
      : null,
    occurredOn: jstDateOf(input.now),
    nisaYear: plan.nisa?.year ?? null,
    audit: auditOf(input, 'order.created', order, {
      heldAmount: plan.heldAmount.toString(),
      pointsValue: plan.pointsValue.toString(),
    }),
    request:
      request === null || answer === null
        ? null
        : { key: request.key, requestHash: request.requestHash, ...answer },
  });
  return { order, shown, answer };
}

/** Checks a sell and computes its units; with `lock` the customer is locked. */
export async function planSellOrder(
  tx: Transaction,
  input: Omit<PlaceSellOrderInput, 'idempotencyKey'>,
  lock: boolean,
): Promise<SellPlan> {
  return planSell(input, await readPlacementContextInTransaction(tx, contextRequestOf(input, lock)));
}

function planSell(
  input: Omit<PlaceSellOrderInput, 'idempotencyKey'>,
  found: PlacementContext | undefined,
): SellPlan {
  const { context, customer, fund, nav, calendar } = placementParties(found);
  const { holding } = context;
  const free = ((holding?.units ?? 0n) - (holding?.reservedUnits ?? 0n)) as Units;
  const price = cancellationPrice(nav.nav, fund.retentionFeeBasisPoints);
  const dates = orderDatesFor(input.now, 'SELL', calendar);
  let execution;
  try {
    if (input.orderType === 'AMOUNT') {
      if (input.amount === undefined) throw new OrderTooSmallError('no amount');
      execution = executeSell({ type: 'AMOUNT', amount: input.amount as Yen }, free, price);
    } else if (input.orderType === 'QUANTITY') {
      if (input.units === undefined) throw new OrderTooSmallError('no units');
      execution = executeSell({ type: 'QUANTITY', units: input.units as Units }, free, price);
    } else {
      execution = executeSell({ type: 'ALL' }, free, price);
    }
  } catch (error) {
    if (error instanceof InsufficientUnitsError) {
      throw new TradingError(TradingErrorCode.insufficientUnits, messages.insufficientUnits, error.code);
    }
    if (error instanceof OrderTooSmallError) {
      throw free <= 0n
        ? new TradingError(TradingErrorCode.insufficientUnits, messages.noUnits, 'no-units')
        : new TradingError(TradingErrorCode.orderTooSmall, messages.orderTooSmall, error.code);
    }
    throw error;
  }
  return {
    customer,
    fundId: fund.id,
    fundName: fund.name,
    price: { navDate: nav.navDate, nav: nav.nav, cancellationPrice: price },
    dates,
    units: execution.units,
    grossProceeds: execution.grossProceeds,
    holding: {
      units: holding?.units ?? 0n,
      reservedUnits: holding?.reservedUnits ?? 0n,
      costBasisPer10k: holding?.costBasisPer10k ?? 0n,
    },
  };
}

/**
 * Places a sell order (spot SELL or SCHEDULEDSELL) and returns the order row: the units are reserved on
 * the holding at once. See the module comment for the rules.
 */
export async function placeSellOrder(tx: Transaction, input: PlaceSellOrderInput): Promise<Order> {
  const placement = await placeSell(tx, input, null);
  if ('earlier' in placement) throw new Error('No request record was asked for.');
  return placement.order;
}

/**
 * A sell as placed with the answer stored with the request (null when the order key's earlier order came
 * back), or the earlier request found with the request's key.
 */
export type SellPlacement =
  | { readonly order: Order; readonly answer: { readonly status: number; readonly body: unknown } | null }
  | { readonly earlier: StoredAnswer };

/**
 * `placeSellOrder` in two statements in the caller's transaction, as `placeBuy`: the customer locked while
 * the units are decided, the reservation, the order, its audit entry and the request's record written at
 * once (the CHECK units ≥ reserved backs the reservation up should the batch move the holding meanwhile).
 */
export async function placeSell(
  tx: Transaction,
  input: PlaceSellOrderInput,
  request: OrderRequestRecord | null,
): Promise<SellPlacement> {
  const context = await readPlacementContextInTransaction(
    tx,
    contextRequestOf(input, true, request?.key ?? null),
  );
  if (context?.storedRequest != null) return { earlier: context.storedRequest };
  if (context?.existingOrderId != null) {
    return { order: (await findOrderByKey(tx, input.customerId, input.idempotencyKey))!, answer: null };
  }
  const plan = planSell(input, context);
  const order: Order = {
    ...orderRowDefaults(input),
    customerId: plan.customer.id,
    fundId: plan.fundId,
    requestedAmount: input.orderType === 'AMOUNT' ? (input.amount ?? null) : null,
    requestedUnits: input.orderType === 'QUANTITY' ? (input.units ?? null) : null,
    reservedUnits: plan.units,
    // a sale from a NISA account names its 枠 (the schema requires it); it holds no limit (nisaAmount 0)
    nisaBucket: nisaBucketOfAccountType(input.accountType) ?? null,
    applicationDate: plan.dates.applicationDate,
    tradeDate: plan.dates.tradeDate,
    settlementDate: plan.dates.settlementDate,
    cancelDeadline: plan.dates.cancelDeadline,
    scheduledSellId: input.channel === 'SCHEDULEDSELL' ? (input.scheduledSellId ?? null) : null,
  };
  const answer =
    request === null
      ? null
      : request.answer(order, { fund: { code: input.fundCode, name: plan.fundName }, heldAmount: 0n });
  await writePlacedOrderInTransaction(tx, {
    order,
    entry: null,
    occurredOn: jstDateOf(input.now),
    nisaYear: null,
    audit: auditOf(input, 'order.created', order, { reservedUnits: plan.units.toString() }),
    request:
      request === null || answer === null
        ? null
        : { key: request.key, requestHash: request.requestHash, ...answer },
  });
  return { order, answer };
}

/** The columns every new order starts with: ORDERED, nothing executed, no points, tax or NISA hold. */
function orderRowDefaults(
  input: PlaceOrderCommon & { readonly channel: Order['channel']; readonly orderType: Order['orderType'] },
) {
  return {
    id: randomUUID(),
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

export interface CancelOrderInput {
  readonly customerId: string;
  readonly orderId: string;
  readonly now: Date;
  readonly requestId?: string | null;
  readonly ip?: string | null;
}

/**
 * Cancels the customer's own ORDERED spot order before the cut-off of its 申込日 (else 409-202; another
 * customer's order or a batch order → 404 / 409): the `buy.placed` entry is reversed (`order.canceled`),
 * points are RETURNED, the NISA hold taken back, a sell's reserved units released. Returns the updated row.
 */
export async function cancelOrder(tx: Transaction, input: CancelOrderInput): Promise<Order> {
  const customer = await lockCustomer(tx, input.customerId);
  const order = customer === undefined ? undefined : await lockOwnOrder(tx, input.customerId, input.orderId);
  if (order === undefined) throw new NotFoundError(messages.orderNotFound);
  if (
    (order.channel !== 'BUY' && order.channel !== 'SELL') ||
    !canCancelOrder(order.status, input.now, order.cancelDeadline)
  ) {
    throw new TradingError(TradingErrorCode.cancelNotAllowed, messages.cancelNotAllowed);
  }
  orderStatusMachine.assertTransition(order.status, 'CANCELED');
  const businessDate = jstDateOf(input.now);
  if (order.channel === 'BUY') {
    const placedLines = await orderEntryLines(tx, order.id, ['buy.placed']);
    if (placedLines.length > 0) {
      await postJournalEntry(tx, {
        kind: 'order.canceled',
        businessDate,
        customerId: order.customerId,
        orderId: order.id,
        description: '買付注文の取消（お預り金へ返金）',
        lines: placedLines.map((line) => ({ ...line, amount: -line.amount })),
      });
    }
    if (order.pointsUsed > 0n) {
      await tx.insert(pointsLedger).values({
        customerId: order.customerId,
        kind: 'RETURNED',
        points: order.pointsUsed,
        orderId: order.id,
        occurredOn: businessDate,
      });
    }
    if (order.nisaBucket !== null && order.nisaAmount > 0n) {
      await releaseNisaPurchase(
        tx,
        order.customerId,
        yearOf(order.settlementDate as IsoDate),
        order.nisaBucket,
        order.nisaAmount,
      );
    }
  } else if (order.reservedUnits > 0n) {
    await reserveUnits(tx, order.customerId, order.accountType, order.fundId, -order.reservedUnits);
  }
  const [updated] = await tx
    .update(orders)
    .set({ status: 'CANCELED', canceledAt: input.now, reservedUnits: 0n, updatedAt: input.now })
    .where(eq(orders.id, order.id))
    .returning();
  await recordAudit(tx, {
    actorType: 'customer',
    actorId: input.customerId,
    subjectCustomerId: input.customerId,
    action: 'order.canceled',
    outcome: 'allowed',
    requestId: input.requestId ?? null,
    ip: input.ip ?? null,
    details: { orderId: order.id, channel: order.channel, status: order.status },
    occurredAt: input.now,
  });
  return updated!;
}

/** The `order.created` audit entry of a customer's order; none for the batch's orders. */
function auditOf(
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
