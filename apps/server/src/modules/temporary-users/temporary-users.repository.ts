import {
  customers,
  temporaryUsers,
  type Customer,
  type DatabaseExecutor,
  type TemporaryUser,
} from '@fund/db';
import { eq } from 'drizzle-orm';

/** The signed-in customer who asks for a child's temporary user (the parent). */
export async function findCustomer(db: DatabaseExecutor, customerId: string): Promise<Customer | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, customerId));
  return row;
}

/** Saves a child's temporary user for the account-opening site and answers it as stored. */
export async function insertTemporaryUser(
  db: DatabaseExecutor,
  values: typeof temporaryUsers.$inferInsert,
): Promise<TemporaryUser> {
  const [row] = await db.insert(temporaryUsers).values(values).returning();
  return row!;
}
