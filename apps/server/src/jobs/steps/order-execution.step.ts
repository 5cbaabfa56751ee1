import {
  cancellationPrice,
  executeBuy,
  executeSell,
  InsufficientUnitsError,
  orderSideOf,
  orderStatusMachine,
  OrderTooSmallError,
  yearOf,
  type IsoDate,
  type NavPer10k,
  type Units,
  type Yen,
} from '@fund/domain';
import { credit, debit, postJournalEntry, type Order, type Transaction } from '@fund/db';
import { heldAmounts, releaseNisaPurchase } from '../../modules/trading/trading.repository.ts';
import type { BatchStep } from '../batch-runner.ts';
import { formatJapaneseDate, formatUnits, formatYen } from '../batch-data.ts';
import { postNotice } from '../batch-data.repository.ts';
import {
  addReservedUnits,
  fundOf,
  lockHoldingUnits,
  lockOrder,
  navOf,
  orderedOrdersWithTheirNav,
  releaseReservedUnits,
  updateOrder,
} from './order-execution.repository.ts';

const sideName = { BUY: '買付', SELL: '解約' } as const;

/**
 * e. Execution (約定): every ORDERED order whose 約定日 is the business date, or earlier and missed, and
 * whose fund has a stored NAV for that 約定日, is priced with that NAV by `executeBuy` / `executeSell`:
 * an AMOUNT buy gets ⌊amount × 10,000 ÷ NAV⌋ units; a sell is priced at the 解約価額 (NAV − 信託財産留保額,
 * `cancellationPrice`) with gross proceeds ⌊units × 解約価額 ÷ 10,000⌋. An order whose NAV is missing is
 * not an item: it waits for the next run (no guessed price). One item per order (its id).
 * - QUANTITY buys held an estimate with a margin: the difference to the real cost goes back to the cash
 *   balance now (`buy.executed`: customer_unsettled / customer_cash).
 * - Sells: AMOUNT and ALL may use the holding's free units besides the reserved ones; the reservation is
 *   set to the units actually sold.
 * - An order that cannot execute (buys no unit; sells more than is held) is cancelled, its money or
 *   units released, with a notice.
 */
export const orderExecutionStep: BatchStep = {
  name: 'execute-orders',
  async enumerate(db, { businessDate }) {
    return orderedOrdersWithTheirNav(db, businessDate);
  },
  async process(tx, orderId, { businessDate, now }) {
    const order = await lockOrder(tx, orderId);
    if (order === undefined || order.status !== 'ORDERED') return 'not-ordered';
    const fund = await fundOf(tx, order.fundId);
    const storedNav = await navOf(tx, order.fundId, order.tradeDate);
    if (fund === undefined || storedNav === undefined) return 'no-price';
    const nav = storedNav as NavPer10k;
    orderStatusMachine.assertTransition('ORDERED', 'EXECUTED');
    const side = orderSideOf(order.channel);
    let figures: { units: bigint; amount: bigint; price: bigint };
    try {
      figures =
        side === 'BUY'
          ? await executeBuyOrder(tx, order, nav, businessDate)
          : await executeSellOrder(tx, order, nav, fund.retentionFeeBasisPoints);
    } catch (error) {
      if (!(error instanceof OrderTooSmallError || error instanceof InsufficientUnitsError)) throw error;
      await cancelUnexecutable(tx, order, businessDate, now(), fund.shortName);
      return 'canceled';
    }
    await updateOrder(tx, order.id, {
      status: 'EXECUTED',
      executedUnits: figures.units,
      executedAmount: figures.amount,
      executedNav: nav,
      executedPrice: figures.price,
      updatedAt: now(),
    });
    await postNotice(tx, {
      customerId: order.customerId,
      title: `${sideName[side]}約定のお知らせ`,
      lines: [
        `${fund.shortName} の${sideName[side]}注文が${formatJapaneseDate(order.tradeDate)}に約定しました。`,
        `約定口数 ${formatUnits(figures.units)}、約定単価 ${formatYen(figures.price)}（1万口あたり）、約定金額 ${formatYen(figures.amount)}。`,
        `受渡日は${formatJapaneseDate(order.settlementDate)}です。`,
      ],
      at: now(),
    });
    return side === 'BUY' ? 'buy-executed' : 'sell-executed';
  },
};

async function executeBuyOrder(tx: Transaction, order: Order, nav: NavPer10k, businessDate: IsoDate) {
  const execution =
    order.orderType === 'AMOUNT'
      ? executeBuy({ type: 'AMOUNT', amount: order.requestedAmount as Yen }, nav)
      : executeBuy({ type: 'QUANTITY', units: order.requestedUnits as Units }, nav);
  if (order.orderType === 'QUANTITY') {
    const held = (await heldAmounts(tx, [order.id])).get(order.id) ?? execution.amount;
    const difference = held - execution.amount;
    if (difference !== 0n) {
      await postJournalEntry(tx, {
        kind: 'buy.executed',
        businessDate,
        customerId: order.customerId,
        orderId: order.id,
        description:
          difference > 0n ? '口数指定買付の差額をお預り金へ返金' : '口数指定買付の不足額をお預り金から充当',
        lines:
          difference > 0n
            ? [
                debit('customer_unsettled', difference, order.customerId),
                credit('customer_cash', difference, order.customerId),
              ]
            : [
                debit('customer_cash', -difference, order.customerId),
                credit('customer_unsettled', -difference, order.customerId),
              ],
      });
    }
  }
  return { units: execution.units as bigint, amount: execution.amount as bigint, price: nav as bigint };
}

async function executeSellOrder(tx: Transaction, order: Order, nav: NavPer10k, feeBasisPoints: number) {
  const price = cancellationPrice(nav, feeBasisPoints);
  const holding = await lockHoldingUnits(tx, order);
  const free = (holding?.units ?? 0n) - (holding?.reserved ?? 0n);
  const available = (
    order.orderType === 'QUANTITY' ? order.reservedUnits : order.reservedUnits + free
  ) as Units;
  const execution =
    order.orderType === 'AMOUNT'
      ? executeSell({ type: 'AMOUNT', amount: order.requestedAmount as Yen }, available, price)
      : order.orderType === 'QUANTITY'
        ? executeSell({ type: 'QUANTITY', units: order.requestedUnits as Units }, available, price)
        : executeSell({ type: 'ALL' }, available, price);
  const delta = execution.units - order.reservedUnits;
  if (delta !== 0n) {
    await addReservedUnits(tx, order, delta);
    await updateOrder(tx, order.id, { reservedUnits: execution.units });
  }
  return {
    units: execution.units as bigint,
    amount: execution.grossProceeds as bigint,
    price: price as bigint,
  };
}

/** An order that cannot be priced into anything: cancelled, its cash, NISA hold or units released. */
async function cancelUnexecutable(
  tx: Transaction,
  order: Order,
  businessDate: IsoDate,
  at: Date,
  fundName: string,
) {
  orderStatusMachine.assertTransition('ORDERED', 'CANCELED');
  if (orderSideOf(order.channel) === 'BUY') {
    let held = (await heldAmounts(tx, [order.id])).get(order.id) ?? 0n;
    // a 積立 order's money came from its debit; a debit split across accounts has one order per part, so
    // each order gives back its own amount, not the whole debit's
    if (order.recurringDebitId !== null) held += order.requestedAmount ?? 0n;
    if (held > 0n) {
      await postJournalEntry(tx, {
        kind: 'order.canceled',
        businessDate,
        customerId: order.customerId,
        orderId: order.id,
        description: '約定できない買付注文の取消（お預り金へ返金）',
        lines: [
          debit('customer_unsettled', held, order.customerId),
          credit('customer_cash', held, order.customerId),
        ],
      });
    }
    if (order.nisaBucket !== null && order.nisaAmount > 0n) {
      // an UPDATE: a negative INSERT … ON CONFLICT fails the CHECK on the proposed row before the conflict
      await releaseNisaPurchase(
        tx,
        order.customerId,
        yearOf(order.settlementDate as IsoDate),
        order.nisaBucket,
        order.nisaAmount,
      );
    }
  } else if (order.reservedUnits > 0n) {
    await releaseReservedUnits(tx, order, order.reservedUnits);
  }
  await updateOrder(tx, order.id, { status: 'CANCELED', canceledAt: at, reservedUnits: 0n, updatedAt: at });
  await postNotice(tx, {
    customerId: order.customerId,
    category: 'important',
    title: '注文取消のお知らせ',
    lines: [
      `${fundName} のご注文は、約定日（${formatJapaneseDate(order.tradeDate)}）の価額では約定できないため取り消しました。`,
    ],
    at,
  });
}
