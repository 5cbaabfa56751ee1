import { customers, type Customer, type DatabaseExecutor } from '@fund/db';
import { eq } from 'drizzle-orm';

export interface PartnerCustomer {
  readonly id: string;
  readonly accountNumber: string;
  readonly accountRole: Customer['accountRole'];
  readonly equityStatus: Customer['equityStatus'];
  readonly lastConfirmedOn: string | null;
}

const partnerCustomerColumns = {
  id: customers.id,
  accountNumber: customers.accountNumber,
  accountRole: customers.accountRole,
  equityStatus: customers.equityStatus,
  lastConfirmedOn: customers.lastConfirmedOn,
};

/**
 * The customer whose `hashed_user_id` this is. A partner site keeps its own mapping; the simulator has
 * none, so it recomputes the keyed hash over the customers (fine for demo data, not for millions).
 */
export async function findCustomerByHashedUserId(
  db: DatabaseExecutor,
  hashedUserId: string,
  hash: (customerId: string) => string,
): Promise<PartnerCustomer | undefined> {
  const rows = await db.select(partnerCustomerColumns).from(customers);
  return rows.find((row) => hash(row.id) === hashedUserId);
}

/** The customer a simulator's signed form names, with the 口座番号 the partner sites know them by. */
export async function partnerCustomerById(
  db: DatabaseExecutor,
  customerId: string,
): Promise<PartnerCustomer | undefined> {
  const [row] = await db.select(partnerCustomerColumns).from(customers).where(eq(customers.id, customerId));
  return row;
}
