import { and, eq } from 'drizzle-orm';
import type { Transaction } from '../database.ts';
import { accountTransferAccounts, linkedCards, pointsLedger } from '../schema/index.ts';
import { demoCustomers, mainDemoAccountNumber } from './demo-customers.ts';

/**
 * The demo customers' payment accounts (decision 018, docs/demo.md "Demo customers"): every state the point
 * call answers.
 * - 1000001 (青木 健太): a points card the issuer asks to register again (400-101); its card 積立 still
 *   earns points (the demo history's debits), usable once the customer links the card again through the
 *   simulator (the browser test does).
 * - 1000002 (corporation): a corporate card without points (400-102).
 * - 1000008: a points card past its 有効期限 (400-103).
 * - 1000009: a linked points card with points from the issuer's campaign (the balance).
 * - everyone else: no card (400-100). The issuer's maintenance (400-503) is the simulator's switch.
 * Bank accounts for 口座振替: every customer with an opened account, except 1000009 (400-666).
 */

interface DemoCard {
  readonly accountNumber: string;
  readonly cardName: string;
  readonly last4: string;
  readonly expiry: string;
  readonly state: 'ACTIVE' | 'RE_REGISTRATION_REQUIRED' | 'NOT_POINTS_CARD' | 'EXPIRED';
  readonly linkedOn: string;
}

export const demoLinkedCards: readonly DemoCard[] = [
  {
    accountNumber: mainDemoAccountNumber,
    cardName: 'セゾンカードインターナショナル',
    last4: '4021',
    expiry: '2029-08',
    state: 'RE_REGISTRATION_REQUIRED',
    linkedOn: '2025-06-20',
  },
  {
    accountNumber: '1000002',
    cardName: 'セゾンコーポレートカード',
    last4: '7310',
    expiry: '2030-03',
    state: 'NOT_POINTS_CARD',
    linkedOn: '2024-11-05',
  },
  {
    accountNumber: '1000008',
    cardName: 'セゾンカードインターナショナル',
    last4: '5566',
    expiry: '2025-09',
    state: 'ACTIVE',
    linkedOn: '2021-09-14',
  },
  {
    accountNumber: '1000009',
    cardName: 'セゾンパール・アメリカン・エキスプレス・カード',
    last4: '1188',
    expiry: '2031-01',
    state: 'ACTIVE',
    linkedOn: '2026-02-02',
  },
];

/** The campaign points of 1000009 (the issuer's grant when the card was linked). */
export const demoGrantedPoints = {
  accountNumber: '1000009',
  points: 3_000n,
  occurredOn: '2026-03-02',
} as const;

const bankAccountNumbers: Readonly<Record<string, string>> = {
  '1000001': '1234567',
  '1000002': '2345678',
  '1000003': '3456789',
  '1000004': '4567890',
  '1000005': '5678901',
  '1000006': '6789012',
  '1000008': '8901234',
};

function customerIdOf(accountNumber: string): string {
  const customer = demoCustomers.find((candidate) => candidate.accountNumber === accountNumber);
  if (customer === undefined) throw new Error(`No demo customer with account number ${accountNumber}`);
  return customer.id;
}

/** Idempotent: a database seeded before payment accounts existed gets them on its next start. */
export async function seedDemoPaymentAccounts(tx: Transaction): Promise<void> {
  await tx
    .insert(linkedCards)
    .values(
      demoLinkedCards.map((card) => ({
        customerId: customerIdOf(card.accountNumber),
        issuerSubject: `demo-${card.accountNumber}`,
        cardName: card.cardName,
        last4: card.last4,
        expiry: card.expiry,
        state: card.state,
        pointsEarning: card.state !== 'NOT_POINTS_CARD',
        linkedOn: card.linkedOn,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(accountTransferAccounts)
    .values(
      demoCustomers
        .filter((customer) => bankAccountNumbers[customer.accountNumber] !== undefined)
        .map((customer) => ({
          customerId: customer.id,
          bankCode: '0005',
          bankName: '三菱ＵＦＪ銀行',
          branchCode: '001',
          branchName: '本店',
          accountType: customer.role === 'CORPORATION' ? ('CURRENT' as const) : ('ORDINARY' as const),
          accountNumber: bankAccountNumbers[customer.accountNumber]!,
          holderNameKana:
            customer.role === 'CORPORATION'
              ? 'カ）ミドリシヨウジ'
              : `${customer.lastNameKana} ${customer.firstNameKana}`.trim(),
        })),
    )
    .onConflictDoNothing();
  const grantee = customerIdOf(demoGrantedPoints.accountNumber);
  const [granted] = await tx
    .select({ id: pointsLedger.id })
    .from(pointsLedger)
    .where(and(eq(pointsLedger.customerId, grantee), eq(pointsLedger.kind, 'GRANTED')))
    .limit(1);
  if (granted === undefined) {
    await tx.insert(pointsLedger).values({
      customerId: grantee,
      kind: 'GRANTED',
      points: demoGrantedPoints.points,
      occurredOn: demoGrantedPoints.occurredOn,
      note: 'セゾンカード連携キャンペーン',
    });
  }
}
