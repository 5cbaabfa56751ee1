import { customers, type AccountRole, type DatabaseExecutor, type EquityStatus } from '@fund/db';
import { eq } from 'drizzle-orm';

/** What a write needs to know of the customer it locks: who may trade, and NISA's age rules. */
export interface LockedCustomer {
  readonly id: string;
  readonly role: AccountRole;
  readonly birthDate: string | null;
  readonly equityStatus: EquityStatus;
  readonly locked: boolean;
}

/**
 * Locks the customer's row for the rest of the transaction and reads it: every order, cancellation and
 * plan change of one customer runs one after another, so the NISA room, the cash, the units and the card
 * limit each sees are not changed under it by a concurrent request.
 */
export async function lockCustomer(
  db: DatabaseExecutor,
  customerId: string,
): Promise<LockedCustomer | undefined> {
  const [row] = await db
    .select({
      id: customers.id,
      role: customers.accountRole,
      birthDate: customers.birthDate,
      equityStatus: customers.equityStatus,
      locked: customers.locked,
    })
    .from(customers)
    .where(eq(customers.id, customerId))
    // NO KEY UPDATE: it excludes itself, but not the KEY SHARE locks that inserts referencing the
    // customer take (the Idempotency-Key row inserted first), which FOR UPDATE would deadlock with
    .for('no key update');
  return row;
}
