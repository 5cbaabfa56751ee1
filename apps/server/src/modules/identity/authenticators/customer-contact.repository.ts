import { customers, type DatabaseExecutor } from '@fund/db';
import { eq } from 'drizzle-orm';

/** What the second-factor services need to know about a customer: how to label and whom to notify. */
export interface CustomerContact {
  readonly id: string;
  readonly accountNumber: string;
  readonly email: string;
  readonly displayName: string;
}

export async function findCustomerContact(
  executor: DatabaseExecutor,
  customerId: string,
): Promise<CustomerContact | undefined> {
  const [row] = await executor
    .select({
      id: customers.id,
      accountNumber: customers.accountNumber,
      email: customers.email,
      lastName: customers.lastName,
      firstName: customers.firstName,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (row === undefined) return undefined;
  return {
    id: row.id,
    accountNumber: row.accountNumber,
    email: row.email,
    displayName: `${row.lastName} ${row.firstName}`.trim(),
  };
}
