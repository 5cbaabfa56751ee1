import { customers, signInEvents, type DatabaseExecutor } from '@fund/db';
import { and, desc, eq } from 'drizzle-orm';

/** Whether the trading system refuses the customer; undefined when there is no such customer. */
export async function findLocked(db: DatabaseExecutor, customerId: string): Promise<boolean | undefined> {
  const [row] = await db
    .select({ locked: customers.locked })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row?.locked;
}

/**
 * The successful sign-in before the most recent one (前回ログイン): the most recent is the session the
 * customer is using now. Undefined when there are fewer than two.
 */
export async function findPreviousSuccessfulSignIn(
  db: DatabaseExecutor,
  customerId: string,
): Promise<Date | undefined> {
  const [row] = await db
    .select({ occurredAt: signInEvents.occurredAt })
    .from(signInEvents)
    .where(and(eq(signInEvents.customerId, customerId), eq(signInEvents.outcome, 'succeeded')))
    .orderBy(desc(signInEvents.occurredAt), desc(signInEvents.id))
    .limit(1)
    .offset(1);
  return row?.occurredAt;
}
