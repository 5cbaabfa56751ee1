import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { customers, type NewCustomer, updateAccountRequests } from './index.ts';

const startup = 60_000;

const adult: NewCustomer = {
  accountNumber: '2000001',
  branchCode: '001',
  lastName: '田中',
  firstName: '誠',
  lastNameKana: 'タナカ',
  firstNameKana: 'マコト',
  accountRole: 'ADULT',
  equityStatus: 'OPEN',
  lastConfirmedOn: '2026-10-01',
  birthDate: '1980-10-10',
  email: 'makoto.tanaka@example.jp',
};

// The database itself refuses data the business cannot have, whichever code path writes it.
describe('the schema refuses impossible customers and requests', { timeout: startup }, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(customers).values(adult);
  }, startup);
  afterAll(() => database?.drop());

  it.each([
    ['an account number of 6 digits', { accountNumber: '200000' }],
    ['an account number with letters', { accountNumber: '20000A1' }],
    ['a branch code of 2 digits', { accountNumber: '2000002', branchCode: '01' }],
    ['an individual without a birth date', { accountNumber: '2000003', birthDate: null }],
    ['an account number that is already taken', {}],
  ])('refuses %s', async (_case, change) => {
    await expect(database.db.insert(customers).values({ ...adult, ...change })).rejects.toThrow();
  });

  it('accepts a corporation without a birth date', async () => {
    await database.db.insert(customers).values({
      ...adult,
      accountNumber: '2000004',
      accountRole: 'CORPORATION',
      lastName: '合同会社あさひ',
      firstName: '',
      lastNameKana: 'ゴウドウガイシャアサヒ',
      firstNameKana: '',
      birthDate: null,
    });
    expect(await database.db.$count(customers, eq(customers.accountNumber, '2000004'))).toBe(1);
  });

  it('refuses a pending request with a resolution time and a completed one without', async () => {
    const [customer] = await database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.accountNumber, adult.accountNumber));
    const request = { customerId: customer!.id, kind: 'ADDRESS' as const };
    await expect(
      database.db
        .insert(updateAccountRequests)
        .values({ ...request, status: 'PENDING', resolvedAt: new Date() }),
    ).rejects.toThrow();
    await expect(
      database.db.insert(updateAccountRequests).values({ ...request, status: 'COMPLETED' }),
    ).rejects.toThrow();
    await database.db.insert(updateAccountRequests).values(request); // pending by default
  });
});
