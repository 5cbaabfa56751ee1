import {
  accountTransferAccounts,
  customerAccounts,
  funds,
  holdings,
  linkedCards,
  monthlyDeposits,
  recurringPurchases,
  scheduledSells,
  type DatabaseExecutor,
  type LinkedCard,
  type MonthlyDeposit,
  type RecurringPurchase,
  type ScheduledSell,
} from '@fund/db';
import type { AccountType } from '@fund/domain';
import { and, asc, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { LockedCustomer } from '../../shared/customer-lock.repository.ts';
import { arrayLiteral } from '../../shared/sql-arrays.ts';

/** The customer a plan change locks (shared/customer-lock.ts). */
export type PlanCustomer = LockedCustomer;

export interface PlanFund {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly shortName: string;
  readonly tsumitateEligible: boolean;
  readonly growthEligible: boolean;
  readonly salesStatus: 'ON_SALE' | 'SUSPENDED' | 'REDEEMED';
  readonly redemptionDate: string | null;
}

const fundColumns = {
  id: funds.id,
  code: funds.code,
  name: funds.name,
  shortName: funds.shortName,
  tsumitateEligible: funds.tsumitateEligible,
  growthEligible: funds.growthEligible,
  salesStatus: funds.salesStatus,
  redemptionDate: funds.redemptionDate,
};

export async function findFundsByIds(
  db: DatabaseExecutor,
  ids: readonly string[],
): Promise<Map<string, PlanFund>> {
  const rows =
    ids.length === 0
      ? []
      : await db
          .select(fundColumns)
          .from(funds)
          .where(inArray(funds.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Whether the customer has an open account of this type. */
export async function hasOpenAccount(
  db: DatabaseExecutor,
  customerId: string,
  accountType: AccountType,
): Promise<boolean> {
  const [row] = await db
    .select({ id: customerAccounts.id })
    .from(customerAccounts)
    .where(
      and(
        eq(customerAccounts.customerId, customerId),
        eq(customerAccounts.accountType, accountType),
        isNull(customerAccounts.closedOn),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Units held in the specific account of a fund (settled units, reserved ones included). */
export async function hasSpecificHolding(
  db: DatabaseExecutor,
  customerId: string,
  fundId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ units: holdings.units })
    .from(holdings)
    .where(
      and(
        eq(holdings.customerId, customerId),
        eq(holdings.accountType, 'specific'),
        eq(holdings.fundId, fundId),
        gt(holdings.units, 0n),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function listRecurringPurchases(
  db: DatabaseExecutor,
  customerId: string,
  options: { liveOnly?: boolean } = {},
): Promise<RecurringPurchase[]> {
  return db
    .select()
    .from(recurringPurchases)
    .where(
      and(
        eq(recurringPurchases.customerId, customerId),
        options.liveOnly === true ? ne(recurringPurchases.status, 'CANCELED') : undefined,
      ),
    )
    .orderBy(asc(recurringPurchases.createdAt), asc(recurringPurchases.id));
}

/**
 * The customers' ACTIVE plans that have started by the month beginning `monthStart` (YYYY-MM-01): the
 * plans the batch debits for that month, in id order. One statement for any number of customers (the
 * batch's chunk passes thousands, one array parameter), so the per-customer and set-based paths read the
 * same rows. `lockForUpdate` locks them (FOR UPDATE, in id order) for a step that changes them.
 */
export async function listActivePlansStartedBy(
  db: DatabaseExecutor,
  customerIds: readonly string[],
  monthStart: string,
  options: { lockForUpdate?: boolean } = {},
): Promise<RecurringPurchase[]> {
  const plans = db
    .select()
    .from(recurringPurchases)
    .where(
      and(
        sql`${recurringPurchases.customerId} = ANY(${arrayLiteral(customerIds)}::uuid[])`,
        eq(recurringPurchases.status, 'ACTIVE'),
        lte(recurringPurchases.startMonth, monthStart),
      ),
    )
    .orderBy(asc(recurringPurchases.id));
  return options.lockForUpdate === true ? await plans.for('update') : await plans;
}

/** One of the customer's plans; another customer's id finds nothing (security.md 23). */
export async function findRecurringPurchase(
  db: DatabaseExecutor,
  customerId: string,
  id: string,
): Promise<RecurringPurchase | undefined> {
  const [row] = await db
    .select()
    .from(recurringPurchases)
    .where(and(eq(recurringPurchases.id, id), eq(recurringPurchases.customerId, customerId)))
    .limit(1);
  return row;
}

export async function listScheduledSells(db: DatabaseExecutor, customerId: string): Promise<ScheduledSell[]> {
  return db
    .select()
    .from(scheduledSells)
    .where(eq(scheduledSells.customerId, customerId))
    .orderBy(asc(scheduledSells.createdAt), asc(scheduledSells.id));
}

export async function findScheduledSell(
  db: DatabaseExecutor,
  customerId: string,
  id: string,
): Promise<ScheduledSell | undefined> {
  const [row] = await db
    .select()
    .from(scheduledSells)
    .where(and(eq(scheduledSells.id, id), eq(scheduledSells.customerId, customerId)))
    .limit(1);
  return row;
}

export async function findLiveScheduledSellOfFund(
  db: DatabaseExecutor,
  customerId: string,
  fundId: string,
): Promise<ScheduledSell | undefined> {
  const [row] = await db
    .select()
    .from(scheduledSells)
    .where(
      and(
        eq(scheduledSells.customerId, customerId),
        eq(scheduledSells.fundId, fundId),
        ne(scheduledSells.status, 'CANCELED'),
      ),
    )
    .limit(1);
  return row;
}

export async function findLiveMonthlyDeposit(
  db: DatabaseExecutor,
  customerId: string,
): Promise<MonthlyDeposit | undefined> {
  const [row] = await db
    .select()
    .from(monthlyDeposits)
    .where(and(eq(monthlyDeposits.customerId, customerId), ne(monthlyDeposits.status, 'CANCELED')))
    .limit(1);
  return row;
}

/** The columns of a new 積立 (the database fills in id, status and timestamps). */
export type NewRecurringPurchase = typeof recurringPurchases.$inferInsert;

/** Saves a new 積立 and answers it as stored. */
export async function insertRecurringPurchase(
  db: DatabaseExecutor,
  values: NewRecurringPurchase,
): Promise<RecurringPurchase> {
  const [row] = await db.insert(recurringPurchases).values(values).returning();
  return row!;
}

/** Changes columns of one 積立 (its terms, pending change or status) and answers it as stored. */
export async function changeRecurringPurchase(
  db: DatabaseExecutor,
  id: string,
  values: Partial<NewRecurringPurchase>,
): Promise<RecurringPurchase> {
  const [row] = await db
    .update(recurringPurchases)
    .set(values)
    .where(eq(recurringPurchases.id, id))
    .returning();
  return row!;
}

/** Saves a new 定期売却 and answers it as stored. */
export async function insertScheduledSell(
  db: DatabaseExecutor,
  values: typeof scheduledSells.$inferInsert,
): Promise<ScheduledSell> {
  const [row] = await db.insert(scheduledSells).values(values).returning();
  return row!;
}

/** Changes columns of one 定期売却 (its type, value and frequency, or status) and answers it as stored. */
export async function changeScheduledSell(
  db: DatabaseExecutor,
  id: string,
  values: Partial<typeof scheduledSells.$inferInsert>,
): Promise<ScheduledSell> {
  const [row] = await db.update(scheduledSells).set(values).where(eq(scheduledSells.id, id)).returning();
  return row!;
}

/** Saves the customer's 毎月の入金 (amount and debit day) and answers it as stored. */
export async function insertMonthlyDeposit(
  db: DatabaseExecutor,
  values: { customerId: string; amount: bigint; debitDay: number },
): Promise<MonthlyDeposit> {
  const [row] = await db.insert(monthlyDeposits).values(values).returning();
  return row!;
}

/** Changes the amount and debit day of a 毎月の入金 and answers it as stored. */
export async function changeMonthlyDeposit(
  db: DatabaseExecutor,
  id: string,
  values: { amount: bigint; debitDay: number },
): Promise<MonthlyDeposit> {
  const [row] = await db.update(monthlyDeposits).set(values).where(eq(monthlyDeposits.id, id)).returning();
  return row!;
}

/** Stops a 毎月の入金 (status CANCELED). */
export async function cancelMonthlyDeposit(db: DatabaseExecutor, id: string): Promise<void> {
  await db.update(monthlyDeposits).set({ status: 'CANCELED' }).where(eq(monthlyDeposits.id, id));
}

/** The customer's linked card (one per customer), which a card 積立 is charged to. */
/** Whether the customer has the bank account 口座振替 debits (積立 and 毎月の入金) registered. */
export async function hasBankAccountForDebits(db: DatabaseExecutor, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ customerId: accountTransferAccounts.customerId })
    .from(accountTransferAccounts)
    .where(eq(accountTransferAccounts.customerId, customerId))
    .limit(1);
  return row !== undefined;
}

export async function findCardForPlans(
  db: DatabaseExecutor,
  customerId: string,
): Promise<Pick<LinkedCard, 'state' | 'expiry'> | undefined> {
  const [row] = await db
    .select({ state: linkedCards.state, expiry: linkedCards.expiry })
    .from(linkedCards)
    .where(eq(linkedCards.customerId, customerId))
    .limit(1);
  return row;
}
