import { cardEarnsPoints, pointsEarnedOnCardCharge, type IsoDate } from '@fund/domain';
import type { Transaction } from '@fund/db';
import { insertEarnedPoints, type DebitCard } from './recurring-debits.repository.ts';
import { formatJapaneseDate, formatYen } from '../batch-data.ts';
import { postNotice } from '../batch-data.repository.ts';

/** A card 積立 charge that went through: the recurring_debits row and its yen. */
export interface CardCharge {
  readonly recurringDebitId: string;
  readonly amount: bigint;
}

/**
 * The customers of `cards` whose card charges earn points now: a linked points-earning card that has not
 * expired. A card the issuer asks to register again still earns (400-101 only stops using them).
 */
export function customersEarningCardPoints(
  cards: ReadonlyMap<string, DebitCard>,
  businessDate: IsoDate,
): Set<string> {
  return new Set(
    [...cards].filter(([, card]) => cardEarnsPoints(card, businessDate)).map(([customerId]) => customerId),
  );
}

/**
 * Credits the points of a customer's card 積立 charges of the day (decision 018: 0.5 %, rounded down; one
 * EARNED row per charge, unique per debit, so a rerun never earns twice) and tells the customer with a
 * notice. Returns the points credited.
 */
export async function creditCardChargePoints(
  tx: Transaction,
  options: { customerId: string; charges: readonly CardCharge[]; businessDate: IsoDate; at: Date },
): Promise<bigint> {
  const rows = options.charges
    .map((charge) => ({ charge, points: pointsEarnedOnCardCharge(charge.amount) }))
    .filter(({ points }) => points > 0n);
  if (rows.length === 0) return 0n;
  await insertEarnedPoints(
    tx,
    rows.map(({ charge, points }) => ({
      customerId: options.customerId,
      kind: 'EARNED' as const,
      points,
      recurringDebitId: charge.recurringDebitId,
      occurredOn: options.businessDate,
      note: 'クレジットカードでの積立',
    })),
  );
  const points = rows.reduce((sum, row) => sum + row.points, 0n);
  const charged = rows.reduce((sum, row) => sum + row.charge.amount, 0n);
  await postNotice(tx, {
    customerId: options.customerId,
    title: 'ポイント付与のお知らせ',
    lines: [
      `${formatJapaneseDate(options.businessDate)}のクレジットカードでの積立（${formatYen(charged)}）に応じて、${points.toLocaleString('ja-JP')}ポイントを付与しました。`,
    ],
    at: options.at,
  });
  return points;
}
