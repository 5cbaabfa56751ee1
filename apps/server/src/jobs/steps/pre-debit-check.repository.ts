import type { IsoDate } from '@fund/domain';
import {
  accountTransferAccounts,
  customers,
  linkedCards,
  monthlyDeposits,
  recurringPurchases,
  type Database,
  type Transaction,
} from '@fund/db';
import { and, eq, gt, inArray, isNull, lt, lte, ne, or } from 'drizzle-orm';

/**
 * Customers with an active 積立 by `firstDayOfMonth` and something possibly missing for its debit on
 * `debitDate`: no card, a card expired or past its 有効期限 (YYYY-MM before the debit's month, as
 * `cardStateOn` says), no bank account, or a failed 口座振替.
 */
export async function customersWithPlansPossiblyNotReady(
  db: Database,
  firstDayOfMonth: string,
  debitDate: IsoDate,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ customerId: recurringPurchases.customerId })
    .from(recurringPurchases)
    .leftJoin(linkedCards, eq(linkedCards.customerId, recurringPurchases.customerId))
    .leftJoin(accountTransferAccounts, eq(accountTransferAccounts.customerId, recurringPurchases.customerId))
    .where(
      and(
        eq(recurringPurchases.status, 'ACTIVE'),
        lte(recurringPurchases.startMonth, firstDayOfMonth),
        or(
          isNull(linkedCards.customerId),
          eq(linkedCards.state, 'EXPIRED'),
          lt(linkedCards.expiry, debitDate.slice(0, 7)),
          isNull(accountTransferAccounts.customerId),
          gt(recurringPurchases.consecutiveDebitFailures, 0),
        ),
      ),
    );
  return rows.map((row) => row.customerId);
}

/**
 * Active 毎月の入金 plans (a 口座振替 too) whose bank account is missing, or whose customer's last
 * 口座振替 of a live 積立 failed.
 */
export async function depositsPossiblyNotReady(
  db: Database,
): Promise<{ customerId: string; debitDay: number }[]> {
  const failing = db
    .select({ customerId: recurringPurchases.customerId })
    .from(recurringPurchases)
    .where(
      and(
        ne(recurringPurchases.status, 'CANCELED'),
        eq(recurringPurchases.paymentMethod, 'ACCOUNT_TRANSFER'),
        gt(recurringPurchases.consecutiveDebitFailures, 0),
      ),
    );
  return db
    .select({ customerId: monthlyDeposits.customerId, debitDay: monthlyDeposits.debitDay })
    .from(monthlyDeposits)
    .leftJoin(accountTransferAccounts, eq(accountTransferAccounts.customerId, monthlyDeposits.customerId))
    .where(
      and(
        eq(monthlyDeposits.status, 'ACTIVE'),
        or(isNull(accountTransferAccounts.customerId), inArray(monthlyDeposits.customerId, failing)),
      ),
    );
}

export async function customerEmail(tx: Transaction, customerId: string): Promise<string | undefined> {
  const [customer] = await tx
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId));
  return customer?.email;
}

/** The most 口座振替 failures in a row of the customer's live 積立 (a 毎月の入金 uses the same account). */
export async function transferFailuresInARowOf(tx: Transaction, customerId: string): Promise<number> {
  const rows = await tx
    .select({ failures: recurringPurchases.consecutiveDebitFailures })
    .from(recurringPurchases)
    .where(
      and(
        eq(recurringPurchases.customerId, customerId),
        ne(recurringPurchases.status, 'CANCELED'),
        eq(recurringPurchases.paymentMethod, 'ACCOUNT_TRANSFER'),
      ),
    );
  return Math.max(0, ...rows.map((row) => row.failures));
}

/** The debit days of the customer's active 毎月の入金 plans. */
export async function activeDepositDebitDays(tx: Transaction, customerId: string): Promise<number[]> {
  const rows = await tx
    .select({ debitDay: monthlyDeposits.debitDay })
    .from(monthlyDeposits)
    .where(and(eq(monthlyDeposits.customerId, customerId), eq(monthlyDeposits.status, 'ACTIVE')));
  return rows.map((row) => row.debitDay);
}
