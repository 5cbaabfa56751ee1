import {
  applySaleToCostBasis,
  capitalGainsTreatment,
  nisaBookValueFreedBySale,
  nisaBucketOfAccountType,
  orderStatusMachine,
  realisedGain,
  withholdingForSale,
  yearOf,
  type AccountType,
  type IsoDate,
  type Units,
  type Yen,
} from '@fund/domain';
import {
  credit,
  debit,
  postJournalEntry,
  type JournalLineInput,
  type Order,
  type Transaction,
} from '@fund/db';
import { noTax, type WithheldTax } from '../../modules/documents/trade-report.ts';
import { formatJapaneseDate, formatUnits, formatYen } from '../batch-data.ts';
import { postNotice } from '../batch-data.repository.ts';
import { executedFigures } from './executed-figures.ts';
import {
  addNisaFreed,
  insertCashflow,
  insertOrderTrade,
  lockHolding,
  lockYearlyTaxState,
  updateHolding,
  updateSettledOrder,
  updateYearlyTaxState,
} from './order-settlement.repository.ts';

/**
 * The tax a sale's (or a 償還's) gain settled in `year` withholds: in the specific account netted over the
 * calendar year (`withholdingForSale` on the locked `yearly_tax_states`; negative parts are a refund),
 * none elsewhere.
 */
export async function withholdOnGain(
  tx: Transaction,
  holding: { customerId: string; accountType: AccountType },
  year: number,
  gain: Yen,
): Promise<WithheldTax> {
  if (capitalGainsTreatment(holding.accountType) !== 'withholding') return noTax;
  const state = await lockYearlyTaxState(tx, holding.customerId, year);
  const withholding = withholdingForSale({
    yearToDateNetGain: state.netGain as Yen,
    yearToDateWithheld: {
      incomeTax: state.incomeTaxWithheld as Yen,
      residentTax: state.residentTaxWithheld as Yen,
    },
    saleGain: gain,
  });
  await updateYearlyTaxState(tx, holding.customerId, year, {
    netGain: state.netGain + gain,
    incomeTaxWithheld: state.incomeTaxWithheld + withholding.incomeTax,
    residentTaxWithheld: state.residentTaxWithheld + withholding.residentTax,
  });
  return { incomeTax: withholding.incomeTax, residentTax: withholding.residentTax };
}

/** A NISA sale's 簿価 frees lifetime room from 1 January after the year it settled in. */
export async function freeNisaBookValue(
  tx: Transaction,
  holding: { customerId: string; accountType: AccountType },
  year: number,
  bookValueOut: bigint,
): Promise<void> {
  const bucket = nisaBucketOfAccountType(holding.accountType);
  if (bucket !== undefined && bookValueOut > 0n) {
    await addNisaFreed(tx, holding.customerId, year, bucket, bookValueOut);
  }
}

/**
 * Settles a sale in the transaction of its one order (order-settlement.step.ts says what it books); answers
 * the tax it withheld (or refunded), by part, for its 取引報告書.
 */
export async function settleSell(
  tx: Transaction,
  order: Order,
  at: Date,
  fundName: string,
): Promise<WithheldTax> {
  const figures = executedFigures(order);
  const settlementDate = order.settlementDate as IsoDate;
  const year = yearOf(settlementDate);
  const holding = await lockHolding(tx, order);
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
  await updateHolding(tx, order, {
    units: position.units,
    reservedUnits: holding.reservedUnits - order.reservedUnits,
    bookValue: holding.bookValue - bookValueOut,
    costBasisPer10k: position.basisPer10k,
  });

  const taxParts = await withholdOnGain(tx, order, year, gain);
  const tax = taxParts.incomeTax + taxParts.residentTax;
  await freeNisaBookValue(tx, order, year, bookValueOut);

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
  await insertOrderTrade(tx, order, {
    journalEntryId: entryId,
    type: 'FUND',
    side: 'SELL',
    units: figures.units,
    pricePer10k: figures.price,
    amount: net,
    taxWithheld: tax,
    settlementDate,
  });
  if (tax !== 0n) {
    await insertOrderTrade(tx, order, {
      journalEntryId: entryId,
      type: 'CAPITAL_GAIN',
      side: tax > 0n ? 'OUT' : 'IN',
      amount: tax > 0n ? tax : -tax,
      taxWithheld: tax,
      settlementDate,
    });
  }
  if (!scheduled && net > 0n && entryId !== null) {
    await insertCashflow(tx, {
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
  await updateSettledOrder(tx, order.id, { status, reservedUnits: 0n, taxWithheld: tax, updatedAt: at });
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
