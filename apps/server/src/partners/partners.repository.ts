import { customers, type DatabaseExecutor } from '@fund/db';
import { eq } from 'drizzle-orm';

export interface PartnerCustomer {
  readonly id: string;
  readonly lastConfirmedOn: string | null;
}

/**
 * The customer whose `hashed_user_id` this is. A partner site keeps its own mapping; the simulator has
 * none, so it recomputes the keyed hash over the customers (fine for demo data, not for millions).
 */
export async function findCustomerByHashedUserId(
  db: DatabaseExecutor,
  hashedUserId: string,
  hash: (customerId: string) => string,
): Promise<PartnerCustomer | undefined> {
  const rows = await db
    .select({ id: customers.id, lastConfirmedOn: customers.lastConfirmedOn })
    .from(customers);
  return rows.find((row) => hash(row.id) === hashedUserId);
}

/** Records the yearly re-confirmation (お客さま情報の確認) as done on `today` (JST date); false: no customer. */
export async function recordReconfirmation(
  db: DatabaseExecutor,
  customerId: string,
  today: string,
): Promise<boolean> {
  const updated = await db
    .update(customers)
    .set({ lastConfirmedOn: today })
    .where(eq(customers.id, customerId))
    .returning({ id: customers.id });
  return updated.length > 0;
}
