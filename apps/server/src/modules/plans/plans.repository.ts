import {
  customerAccounts,
  funds,
  holdings,
  monthlyDeposits,
  recurringPurchases,
  scheduledSells,
  type DatabaseExecutor,
  type MonthlyDeposit,
  type RecurringPurchase,
  type ScheduledSell,
} from '@fund/db';
import type { AccountType } from '@fund/domain';
import { and, asc, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import type { LockedCustomer } from '../../shared/customer-lock.ts';

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
}

const fundColumns = {
  id: funds.id,
  code: funds.code,
  name: funds.name,
  shortName: funds.shortName,
  tsumitateEligible: funds.tsumitateEligible,
  growthEligible: funds.growthEligible,
  salesStatus: funds.salesStatus,
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
