// Placing a buy: in the caller's transaction with the customer locked, or a taxable buy sharing its
// statements outside one (decision 010; the rules are in order-placement.ts's comment).
import { TradingErrorCode } from '@fund/contracts';
import {
  credit,
  debit,
  type Database,
  type DatabaseExecutor,
  type JournalLineInput,
  type Order,
  type Transaction,
} from '@fund/db';
import { jstDateOf, nisaBucketOfAccountType, type AccountType } from '@fund/domain';
import type { StoredAnswer } from '../../idempotency/idempotency.ts';
import {
  readPlacementContextInTransaction,
  readSharedPlacementContext,
  type PlacementContext,
  type PlacementContextRequest,
} from './placement-context.repository.ts';
import {
  writePlacedOrderInTransaction,
  writeSharedPlacedOrder,
  type PlacedOrderRows,
} from './placed-orders.repository.ts';
import { findOrderByKey } from './trading.repository.ts';
import { TradingError, tradingMessages as messages } from './trading-errors.ts';
import {
  type PlaceBuyOrderInput,
  type OrderShown,
  type OrderRequestRecord,
  contextRequestOf,
  buyOrderRow,
  auditOf,
} from './order-placement.ts';
import { planBuy } from './buy-plan.ts';

/**
 * Places a buy order (spot BUY or recurring TSUMITATE) and returns the order row. See the module comment
 * for the rules and the entries written.
 */
export async function placeBuyOrder(tx: Transaction, input: PlaceBuyOrderInput): Promise<Order> {
  const placement = await placeBuy(tx, input, null);
  if ('earlier' in placement) throw new Error('No request record was asked for.');
  return placement.order;
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
  const order = buyOrderRow(input, { ...plan, customerId: plan.customer.id });
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
