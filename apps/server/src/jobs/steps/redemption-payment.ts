import {
  nisaBookValueFreedBySale,
  realisedGain,
  sellProceeds,
  yearOf,
  type AccountType,
  type IsoDate,
  type NavPer10k,
  type Units,
  type Yen,
} from '@fund/domain';
import { credit, debit, postJournalEntry, type JournalLineInput, type Transaction } from '@fund/db';
import { issueRedemptionNotice } from '../../modules/documents/redemption-notice.ts';
import { formatJapaneseDate, formatUnits, formatYen } from '../batch-data.ts';
import { postNotice } from '../batch-data.repository.ts';
import { freeNisaBookValue, withholdOnGain } from './order-settlement-sell.ts';
import {
  insertCashflow,
  insertTradeWithoutOrder,
  lockHolding,
  updateHolding,
} from './order-settlement.repository.ts';
import { insertRedemptionPayment, redeemedAlready } from './redemptions.repository.ts';

export interface RedeemedHolding {
  readonly customerId: string;
  readonly accountType: AccountType;
  readonly fundId: string;
}

/**
 * Redeems one holding of an ended fund (domain.md §9), in the caller's transaction: every unit at the
 * 償還価額 (the final NAV, no retention fee), paid like a sale on its payment date — the gain taxed in the
 * specific account and netted in the year, a NISA holding's 簿価 freed for next year — into お預り金, with
 * a FUND SELL trade (約定日 the 償還日), a redemption_payments row (once per holding), a 償還金のお知らせ and
 * a notice. The holding is left with no units.
 */
export async function redeemHolding(
  tx: Transaction,
  key: RedeemedHolding,
  redemption: { redemptionDate: IsoDate; price: NavPer10k; paymentDate: IsoDate; at: Date },
): Promise<string> {
  if (await redeemedAlready(tx, key)) return 'redeemed-already';
  const holding = await lockHolding(tx, key);
  if (holding === undefined || holding.units === 0n) return 'nothing-held';
  if (holding.reservedUnits > 0n) return 'waiting-for-a-sell-to-settle';
  const units = holding.units as Units;
  const proceeds = sellProceeds(units, redemption.price);
  const { acquisitionCost, gain } = realisedGain(units, proceeds, holding.costBasisPer10k as Yen);
  const year = yearOf(redemption.paymentDate);
  const tax = await withholdOnGain(tx, key, year, gain);
  const withheld = tax.incomeTax + tax.residentTax;
  await freeNisaBookValue(
    tx,
    key,
    year,
    nisaBookValueFreedBySale({ units, bookValue: holding.bookValue as Yen }, units),
  );
  await updateHolding(tx, key, { units: 0n, bookValue: 0n, costBasisPer10k: 0n });

  const net = proceeds - withheld;
  const lines: JournalLineInput[] = [];
  if (proceeds > 0n) lines.push(debit('fund_settlement', proceeds));
  if (withheld > 0n) lines.push(credit('tax_withheld', withheld));
  if (withheld < 0n) lines.push(debit('tax_withheld', -withheld));
  if (net > 0n) lines.push(credit('customer_cash', net, key.customerId));
  const entryId =
    lines.length >= 2
      ? await postJournalEntry(tx, {
          kind: 'redemption.paid',
          businessDate: redemption.paymentDate,
          customerId: key.customerId,
          description: `償還金 ${redemption.redemptionDate}償還`,
          lines,
        })
      : null;
  const payment = await insertRedemptionPayment(tx, {
    ...key,
    redemptionDate: redemption.redemptionDate,
    paymentDate: redemption.paymentDate,
    units,
    pricePer10k: redemption.price,
    proceeds,
    acquisitionCost,
    gain,
    incomeTax: tax.incomeTax,
    residentTax: tax.residentTax,
    net,
    journalEntryId: entryId,
  });
  const fundName = await issueRedemptionNotice(tx, payment, redemption.paymentDate);
  await insertTradeWithoutOrder(tx, {
    ...key,
    journalEntryId: entryId,
    type: 'FUND',
    side: 'SELL',
    units,
    pricePer10k: redemption.price,
    amount: net,
    taxWithheld: withheld,
    tradeDate: redemption.redemptionDate,
    settlementDate: redemption.paymentDate,
  });
  if (withheld !== 0n) {
    await insertTradeWithoutOrder(tx, {
      ...key,
      journalEntryId: entryId,
      type: 'CAPITAL_GAIN',
      side: withheld > 0n ? 'OUT' : 'IN',
      amount: withheld > 0n ? withheld : -withheld,
      taxWithheld: withheld,
      tradeDate: redemption.redemptionDate,
      settlementDate: redemption.paymentDate,
    });
  }
  if (net > 0n && entryId !== null) {
    await insertCashflow(tx, {
      customerId: key.customerId,
      type: 'deposit',
      amount: net,
      occurredOn: redemption.paymentDate,
      description: `償還金 ${fundName}`,
      taxWithheld: withheld > 0n ? withheld : 0n,
      journalEntryId: entryId,
    });
  }
  await postNotice(tx, {
    customerId: key.customerId,
    title: '償還金のお知らせ',
    lines: [
      `${fundName} は${formatJapaneseDate(redemption.redemptionDate)}に償還されました。ご保有の${formatUnits(units)}を償還価額で換金し、`,
      `償還金 ${formatYen(proceeds)}${withheld > 0n ? `、源泉徴収税額 ${formatYen(withheld)}` : withheld < 0n ? `、還付税額 ${formatYen(-withheld)}` : ''}、お受取金額 ${formatYen(net)} をお預り金に入金しました。`,
    ],
    at: redemption.at,
  });
  return 'redeemed';
}
