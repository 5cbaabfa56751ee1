import {
  applyPurchaseToCostBasis,
  applySaleToCostBasis,
  capitalGainsTreatment,
  nisaBookValueFreedBySale,
  nisaBucketOfAccountType,
  orderSideOf,
  orderStatusMachine,
  paymentStatusMachine,
  realisedGain,
  withholdingForSale,
  yearOf,
  type IsoDate,
  type NavPer10k,
  type Units,
  type Yen,
} from '@fund/domain';
import {
  cashflows,
  credit,
  debit,
  funds,
  holdings,
  nisaUsage,
  orders,
  postJournalEntry,
  recurringDebits,
  trades,
  yearlyTaxStates,
  type JournalLineInput,
  type Order,
  type Transaction,
} from '@fund/db';
import { and, eq, lte, sql } from 'drizzle-orm';
import { issueTradeReport, noTax, type WithheldTax } from '../../modules/documents/trade-report.ts';
import { addNisaPurchase } from '../../modules/trading/trading.repository.ts';
import type { BatchStep } from '../batch-runner.ts';
import { formatJapaneseDate, formatUnits, formatYen, postNotice } from '../batch-data.ts';

/**
 * f. Settlement (受渡) of EXECUTED orders whose 受渡日 is the business date (or earlier and missed). One
 * item per order (its id); everything of one order commits in one transaction.
 *
 * Buy: holding units += executed units, 簿価 += executed amount, 個別元本 re-averaged by units
 * (`applyPurchaseToCostBasis`); `buy.settled` customer_unsettled / fund_settlement; the NISA hold taken at
 * placement (受渡日 year) corrected to the executed amount if it differs; a FUND BUY trade; a 積立's debit
 * and payment RECEIVED → SUCCESS; a spot buy's payment from お預り金 as an 出金 of 入出金 (cashflow 買付代金);
 * status EXECUTED → TRADED → COMPLETED; a 受渡 notice.
 *
 * Sell: units and reserved units down, 簿価 down pro rata (⌊簿価 × sold ÷ held⌋, all of it for the last
 * units), gain = proceeds − ⌈units × 個別元本 ÷ 10,000⌉ (`realisedGain`); in the specific account the tax is
 * withheld netted over the calendar year of the 受渡日 (`withholdingForSale` on `yearly_tax_states`; a later
 * loss refunds); `sell.settled` fund_settlement / customer_cash + tax_withheld (a refund: tax_withheld /
 * customer_cash); a FUND SELL trade, a CAPITAL_GAIN trade for the tax; NISA: the freed 簿価 in
 * `nisa_usage.freed` of the 受渡日 year, which frees lifetime room from 1 January of the next year. A spot
 * sell pays into the cash balance (cashflow 解約代金, status COMPLETED); a scheduled sell's proceeds wait in
 * customer_unsettled (status TRADED) for the payout on the 6th business day after the order (sell-payouts).
 *
 * Both: the 取引報告書 of the trade (modules/documents/trade-report.ts), in the same transaction.
 */
export const orderSettlementStep: BatchStep = {
  name: 'settle-orders',
  async enumerate(db, { businessDate }) {
    const rows = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.status, 'EXECUTED'), lte(orders.settlementDate, businessDate)));
    return rows.map((row) => row.id);
  },
  async process(tx, orderId, { businessDate, now }) {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (order === undefined || order.status !== 'EXECUTED') return 'not-executed';
    const [fund] = await tx
      .select({ shortName: funds.shortName })
      .from(funds)
      .where(eq(funds.id, order.fundId));
    const fundName = fund?.shortName ?? '';
    orderStatusMachine.assertTransition('EXECUTED', 'TRADED');
    if (orderSideOf(order.channel) === 'BUY') {
      await settleBuy(tx, order, now(), fundName);
      await issueTradeReport(tx, { order, tax: noTax, issuedOn: businessDate });
      return 'buy-settled';
    }
    const tax = await settleSell(tx, order, now(), fundName);
    await issueTradeReport(tx, { order, tax, issuedOn: businessDate });
    return 'sell-settled';
  },
};

function executed(order: Order) {
  if (
    order.executedUnits === null ||
    order.executedAmount === null ||
    order.executedNav === null ||
    order.executedPrice === null
  ) {
    throw new Error(`Order ${order.id} is EXECUTED without executed figures`);
  }
  return {
    units: order.executedUnits as Units,
    amount: order.executedAmount as Yen,
    nav: order.executedNav as NavPer10k,
    price: order.executedPrice as NavPer10k,
  };
}

async function lockHoldingRow(tx: Transaction, order: Order) {
  const [row] = await tx
    .select()
    .from(holdings)
    .where(
      and(
        eq(holdings.customerId, order.customerId),
        eq(holdings.accountType, order.accountType),
        eq(holdings.fundId, order.fundId),
      ),
    )
    .for('update');
  return row;
}

/**
 * The customer's holding of the order's fund in its account, created empty when there is none yet, and
 * locked. A buy of a fund not held yet has no row to lock: two settlements of such buys of one customer
 * (several workers, each in its own transaction) would both find none and both insert it, and the second
 * would fail on the primary key. Inserting the empty row first (ON CONFLICT DO NOTHING waits for the
 * other transaction's uncommitted row, then does nothing) gives every settlement one row to lock, so the
 * second waits for the first and then adds to what it committed.
 */
async function lockHoldingForBuy(tx: Transaction, order: Order) {
  await tx
    .insert(holdings)
    .values({
      customerId: order.customerId,
      accountType: order.accountType,
      fundId: order.fundId,
      units: 0n,
      bookValue: 0n,
      costBasisPer10k: 0n,
    })
    .onConflictDoNothing();
  const holding = await lockHoldingRow(tx, order);
  if (holding === undefined) throw new Error(`No holding row for order ${order.id} after creating it`);
  return holding;
}

async function settleBuy(tx: Transaction, order: Order, at: Date, fundName: string) {
  const figures = executed(order);
  const settlementDate = order.settlementDate as IsoDate;
  const holding = await lockHoldingForBuy(tx, order);
  const position = applyPurchaseToCostBasis(
    { units: holding.units as Units, basisPer10k: holding.costBasisPer10k as Yen },
    figures.units,
    figures.nav,
  );
  await tx
    .update(holdings)
    .set({
      units: position.units,
      bookValue: holding.bookValue + figures.amount,
      costBasisPer10k: position.basisPer10k,
    })
    .where(
      and(
        eq(holdings.customerId, order.customerId),
        eq(holdings.accountType, order.accountType),
        eq(holdings.fundId, order.fundId),
      ),
    );
  const entryId = await postJournalEntry(tx, {
    kind: 'buy.settled',
    businessDate: settlementDate,
    customerId: order.customerId,
    orderId: order.id,
    description: `買付受渡 ${fundName}`,
    lines: [
      debit('customer_unsettled', figures.amount, order.customerId),
      credit('fund_settlement', figures.amount),
    ],
  });
  if (order.nisaBucket !== null && order.nisaAmount !== figures.amount) {
    await addNisaPurchase(
      tx,
      order.customerId,
      yearOf(settlementDate),
      order.nisaBucket,
      figures.amount - order.nisaAmount,
    );
  }
  await tx.insert(trades).values({
    customerId: order.customerId,
    accountType: order.accountType,
    fundId: order.fundId,
    orderId: order.id,
    journalEntryId: entryId,
    type: 'FUND',
    side: 'BUY',
    units: figures.units,
    pricePer10k: figures.price,
    amount: figures.amount,
    tradeDate: order.tradeDate,
    settlementDate,
  });
  // 入出金 lists every movement of お預り金 (decision 038): a spot buy paid from it is an 出金 on its
  // 受渡日, the 約定金額 less the points' value, as a sale's proceeds are an 入金 (積立 is paid by the bank
  // or the card and never passes through お預り金)
  const paidFromCash = figures.amount - order.pointsValue;
  if (order.channel === 'BUY' && paidFromCash > 0n) {
    await tx.insert(cashflows).values({
      customerId: order.customerId,
      type: 'withdraw',
      amount: paidFromCash,
      occurredOn: settlementDate,
      description: '買付代金',
      journalEntryId: entryId,
    });
  }
  let paymentStatus = order.paymentStatus;
  if (order.channel === 'TSUMITATE' && order.paymentStatus === 'RECEIVED') {
    paymentStatusMachine.assertTransition('RECEIVED', 'SUCCESS');
    paymentStatus = 'SUCCESS';
    if (order.recurringDebitId !== null) {
      await tx
        .update(recurringDebits)
        .set({ paymentStatus: 'SUCCESS' })
        .where(
          and(eq(recurringDebits.id, order.recurringDebitId), eq(recurringDebits.paymentStatus, 'RECEIVED')),
        );
    }
  }
  orderStatusMachine.assertTransition('TRADED', 'COMPLETED');
  await tx
    .update(orders)
    .set({ status: 'COMPLETED', paymentStatus, updatedAt: at })
    .where(eq(orders.id, order.id));
  await postNotice(tx, {
    customerId: order.customerId,
    title: '買付受渡のお知らせ',
    lines: [
      `${fundName} の買付（${formatUnits(figures.units)}、${formatYen(figures.amount)}）の受渡が${formatJapaneseDate(settlementDate)}に完了し、保有残高に反映しました。`,
    ],
    at,
  });
}

/** Settles a sale; answers the tax it withheld (or refunded), by part, for its 取引報告書. */
async function settleSell(tx: Transaction, order: Order, at: Date, fundName: string): Promise<WithheldTax> {
  const figures = executed(order);
  const settlementDate = order.settlementDate as IsoDate;
  const year = yearOf(settlementDate);
  const holding = await lockHoldingRow(tx, order);
  if (holding === undefined || holding.units < figures.units) {
    throw new Error(
      `Order ${order.id} sells ${figures.units} units, the holding has ${holding?.units ?? 0n}`,
    );
  }
  const bookValueOut = nisaBookValueFreedBySale(
    { units: holding.units as Units, bookValue: holding.bookValue as Yen },
    figures.units,
  );
  const { gain } = realisedGain(figures.units, figures.amount, holding.costBasisPer10k as Yen);
  const position = applySaleToCostBasis(
    { units: holding.units as Units, basisPer10k: holding.costBasisPer10k as Yen },
    figures.units,
  );
  await tx
    .update(holdings)
    .set({
      units: position.units,
      reservedUnits: holding.reservedUnits - order.reservedUnits,
      bookValue: holding.bookValue - bookValueOut,
      costBasisPer10k: position.basisPer10k,
    })
    .where(
      and(
        eq(holdings.customerId, order.customerId),
        eq(holdings.accountType, order.accountType),
        eq(holdings.fundId, order.fundId),
      ),
    );

  let tax = 0n;
  let taxParts: WithheldTax = noTax;
  if (capitalGainsTreatment(order.accountType) === 'withholding') {
    await tx.insert(yearlyTaxStates).values({ customerId: order.customerId, year }).onConflictDoNothing();
    const [state] = await tx
      .select()
      .from(yearlyTaxStates)
      .where(and(eq(yearlyTaxStates.customerId, order.customerId), eq(yearlyTaxStates.year, year)))
      .for('update');
    const withholding = withholdingForSale({
      yearToDateNetGain: state!.netGain as Yen,
      yearToDateWithheld: {
        incomeTax: state!.incomeTaxWithheld as Yen,
        residentTax: state!.residentTaxWithheld as Yen,
      },
      saleGain: gain,
    });
    tax = withholding.total;
    taxParts = { incomeTax: withholding.incomeTax, residentTax: withholding.residentTax };
    await tx
      .update(yearlyTaxStates)
      .set({
        netGain: state!.netGain + gain,
        incomeTaxWithheld: state!.incomeTaxWithheld + withholding.incomeTax,
        residentTaxWithheld: state!.residentTaxWithheld + withholding.residentTax,
      })
      .where(and(eq(yearlyTaxStates.customerId, order.customerId), eq(yearlyTaxStates.year, year)));
  }
  const bucket = nisaBucketOfAccountType(order.accountType);
  if (bucket !== undefined && bookValueOut > 0n) {
    await tx
      .insert(nisaUsage)
      .values({ customerId: order.customerId, year, bucket, freed: bookValueOut })
      .onConflictDoUpdate({
        target: [nisaUsage.customerId, nisaUsage.year, nisaUsage.bucket],
        set: { freed: sql`${nisaUsage.freed} + ${bookValueOut}`, updatedAt: sql`now()` },
      });
  }

  const scheduled = order.channel === 'SCHEDULEDSELL';
  const net = figures.amount - tax;
  const payee = scheduled ? 'customer_unsettled' : 'customer_cash';
  const lines: JournalLineInput[] = [];
  if (figures.amount > 0n) lines.push(debit('fund_settlement', figures.amount));
  if (tax > 0n) lines.push(credit('tax_withheld', tax));
  if (tax < 0n) lines.push(debit('tax_withheld', -tax));
  if (net > 0n) lines.push(credit(payee, net, order.customerId));
  const entryId =
    lines.length >= 2
      ? await postJournalEntry(tx, {
          kind: 'sell.settled',
          businessDate: settlementDate,
          customerId: order.customerId,
          orderId: order.id,
          description: `解約受渡 ${fundName}`,
          lines,
        })
      : null;
  await tx.insert(trades).values({
    customerId: order.customerId,
    accountType: order.accountType,
    fundId: order.fundId,
    orderId: order.id,
    journalEntryId: entryId,
    type: 'FUND',
    side: 'SELL',
    units: figures.units,
    pricePer10k: figures.price,
    amount: net,
    taxWithheld: tax,
    tradeDate: order.tradeDate,
    settlementDate,
  });
  if (tax !== 0n) {
    await tx.insert(trades).values({
      customerId: order.customerId,
      accountType: order.accountType,
      fundId: order.fundId,
      orderId: order.id,
      journalEntryId: entryId,
      type: 'CAPITAL_GAIN',
      side: tax > 0n ? 'OUT' : 'IN',
      amount: tax > 0n ? tax : -tax,
      taxWithheld: tax,
      tradeDate: order.tradeDate,
      settlementDate,
    });
  }
  if (!scheduled && net > 0n && entryId !== null) {
    await tx.insert(cashflows).values({
      customerId: order.customerId,
      type: 'deposit',
      amount: net,
      occurredOn: settlementDate,
      description: '解約代金',
      journalEntryId: entryId,
    });
  }
  const status = scheduled ? 'TRADED' : 'COMPLETED';
  if (!scheduled) orderStatusMachine.assertTransition('TRADED', 'COMPLETED');
  await tx
    .update(orders)
    .set({ status, reservedUnits: 0n, taxWithheld: tax, updatedAt: at })
    .where(eq(orders.id, order.id));
  await postNotice(tx, {
    customerId: order.customerId,
    title: '解約受渡のお知らせ',
    lines: [
      `${fundName} の解約（${formatUnits(figures.units)}）の受渡が${formatJapaneseDate(settlementDate)}に完了しました。`,
      `解約代金 ${formatYen(figures.amount)}${tax > 0n ? `、源泉徴収税額 ${formatYen(tax)}` : tax < 0n ? `、還付税額 ${formatYen(-tax)}` : ''}、お受取金額 ${formatYen(net)}。`,
      scheduled
        ? '定期売却の代金は、ご注文日から6営業日目にご登録の銀行口座へお支払いします。'
        : '代金はお預り金に入金しました。',
    ],
    at,
  });
  return taxParts;
}
