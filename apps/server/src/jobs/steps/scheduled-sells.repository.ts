import { funds, holdings, scheduledSells, type Database, type Order, type Transaction } from '@fund/db';
import { and, eq } from 'drizzle-orm';

/** The active 定期売却 plans with what decides their order date (the fund's holidays, the frequency). */
export async function activeScheduledSells(db: Database) {
  return db
    .select({ id: scheduledSells.id, fundId: scheduledSells.fundId, frequency: scheduledSells.frequency })
    .from(scheduledSells)
    .where(eq(scheduledSells.status, 'ACTIVE'));
}

/** The plan, if still active, with its fund's code and short name. */
export async function activeScheduledSellWithFund(tx: Transaction, planId: string) {
  const [plan] = await tx
    .select({ plan: scheduledSells, fundCode: funds.code, fundName: funds.shortName })
    .from(scheduledSells)
    .innerJoin(funds, eq(funds.id, scheduledSells.fundId))
    .where(and(eq(scheduledSells.id, planId), eq(scheduledSells.status, 'ACTIVE')));
  return plan;
}

/** The units held and reserved of the plan's holding (none when there is no holding). */
export async function holdingUnits(
  tx: Transaction,
  key: Pick<Order, 'customerId' | 'accountType' | 'fundId'>,
) {
  const [holding] = await tx
    .select({ units: holdings.units, reserved: holdings.reservedUnits })
    .from(holdings)
    .where(
      and(
        eq(holdings.customerId, key.customerId),
        eq(holdings.accountType, key.accountType),
        eq(holdings.fundId, key.fundId),
      ),
    );
  return holding;
}
