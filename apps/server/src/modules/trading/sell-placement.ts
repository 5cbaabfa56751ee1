// A sell's checks and units, and its placement with the units reserved at once (spec §4: the shown value
// drops at once; the rules are in order-placement.ts's comment).
import { TradingErrorCode } from '@fund/contracts';
import { type Order, type Transaction } from '@fund/db';
import {
  cancellationPrice,
  executeSell,
  InsufficientUnitsError,
  jstDateOf,
  nisaBucketOfAccountType,
  orderDatesFor,
  OrderTooSmallError,
  type IsoDate,
  type NavPer10k,
  type OrderDates,
  type Units,
  type Yen,
} from '@fund/domain';
import type { StoredAnswer } from '../../idempotency/idempotency.ts';
import { readPlacementContextInTransaction, type PlacementContext } from './placement-context.repository.ts';
import { writePlacedOrderInTransaction } from './placed-orders.repository.ts';
import { findOrderByKey, type TradingCustomer } from './trading.repository.ts';
import { TradingError, tradingMessages as messages } from './trading-errors.ts';
import {
  type PlaceSellOrderInput,
  type OrderRequestRecord,
  placementParties,
  contextRequestOf,
  orderRowDefaults,
  auditOf,
} from './order-placement.ts';

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
