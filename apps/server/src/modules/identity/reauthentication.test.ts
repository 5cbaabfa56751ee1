import { randomInt } from 'node:crypto';
import { customerCredentials } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestCustomer } from './authenticators/testing/test-customer.ts';
import { hashPassword } from './password-hashing.ts';
import { reauthenticateWithPassword } from './reauthentication.ts';

const password = 'correct horse battery staple 7';
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await database?.drop();
});

async function customerWithPassword(): Promise<string> {
  const customer = await insertTestCustomer(database.db, `r${randomInt(1_000_000_000)}@example.jp`);
  await database.db
    .insert(customerCredentials)
    .values({ customerId: customer.id, passwordHash: await hashPassword(password) });
  return customer.id;
}

async function failures(customerId: string) {
  const [row] = await database.db
    .select()
    .from(customerCredentials)
    .where(eq(customerCredentials.customerId, customerId));
  return { count: row?.consecutiveFailures, locked: row?.lockedAt != null };
}

describe('security 18: recent authentication by the current password', () => {
  it('accepts the current password and refuses a wrong one, which counts toward the sign-in lock', async () => {
    const customerId = await customerWithPassword();
    expect(await reauthenticateWithPassword(database.db, customerId, 'wrong', 3)).toBe('wrong');
    expect(await failures(customerId)).toEqual({ count: 1, locked: false });
    expect(await reauthenticateWithPassword(database.db, customerId, password, 3)).toBe('ok');
    expect(await failures(customerId)).toEqual({ count: 0, locked: false });
  });

  it('locks at the threshold and then refuses even the right password', async () => {
    const customerId = await customerWithPassword();
    expect(await reauthenticateWithPassword(database.db, customerId, 'wrong', 2)).toBe('wrong');
    expect(await reauthenticateWithPassword(database.db, customerId, 'wrong', 2)).toBe('locked');
    expect(await reauthenticateWithPassword(database.db, customerId, password, 2)).toBe('locked');
    expect((await failures(customerId)).locked).toBe(true);
  });

  it('refuses a customer without a password', async () => {
    const customer = await insertTestCustomer(database.db, `n${randomInt(1_000_000_000)}@example.jp`);
    expect(await reauthenticateWithPassword(database.db, customer.id, password, 5)).toBe('wrong');
  });
});
