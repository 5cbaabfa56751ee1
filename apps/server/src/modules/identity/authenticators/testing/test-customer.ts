import { randomInt } from 'node:crypto';
import { customers, type Database } from '@fund/db';

/** Inserts a customer with a random account number; returns its id and address. */
export async function insertTestCustomer(
  db: Database,
  email = 'aoki@example.jp',
): Promise<{ id: string; accountNumber: string; email: string }> {
  const accountNumber = String(randomInt(2_000_000, 9_999_999));
  const [row] = await db
    .insert(customers)
    .values({
      accountNumber,
      branchCode: '001',
      lastName: '青木',
      firstName: '健太',
      lastNameKana: 'アオキ',
      firstNameKana: 'ケンタ',
      accountRole: 'ADULT',
      equityStatus: 'OPEN',
      birthDate: '1985-05-05',
      email,
    })
    .returning({ id: customers.id });
  if (row === undefined) throw new Error('customer not inserted');
  return { id: row.id, accountNumber, email };
}
