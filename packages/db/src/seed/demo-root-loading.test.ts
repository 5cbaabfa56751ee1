import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, deliveredDocuments, nisaRequests } from '../schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { demoCustomers, mainDemoAccountNumber } from './demo-customers.ts';
import { demoNisaRequests, seedDemoRootLoading } from './demo-root-loading.ts';
import { seedDemoData } from './seed-demo-data.ts';

const startup = 60_000;

function customerIdOf(accountNumber: string): string {
  return demoCustomers.find((customer) => customer.accountNumber === accountNumber)!.id;
}

describe('demo data of the root shell', { timeout: startup }, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData(database);
  }, startup);
  afterAll(() => database?.drop());

  it('seeds no 電子交付書面: a trade report exists only for a settled trade, issued by its settlement', async () => {
    expect(await database.db.$count(deliveredDocuments)).toBe(0);
  });

  it('has one pending NISA application, of customer 1000008', async () => {
    const pending = await database.db
      .select({ id: nisaRequests.id, customerId: nisaRequests.customerId, kind: nisaRequests.kind })
      .from(nisaRequests)
      .where(eq(nisaRequests.status, 'PENDING'));
    expect(pending).toEqual([
      { id: demoNisaRequests[0]!.id, customerId: customerIdOf('1000008'), kind: 'OPEN' },
    ]);
  });

  it('marks every demo customer as moved to the identity service except the corporation 1000002', async () => {
    const notMigrated = await database.db
      .select({ accountNumber: customers.accountNumber })
      .from(customers)
      .where(isNull(customers.identityMigratedAt));
    expect(notMigrated).toEqual([{ accountNumber: '1000002' }]);
    const [main] = await database.db
      .select({ at: customers.identityMigratedAt })
      .from(customers)
      .where(eq(customers.accountNumber, mainDemoAccountNumber));
    expect(main?.at?.toISOString()).toBe('2026-04-01T00:00:00.000Z');
  });

  it('can run again without adding rows or moving a migration date that is already set', async () => {
    const migratedAt = new Date('2026-06-01T00:00:00Z');
    await database.db
      .update(customers)
      .set({ identityMigratedAt: migratedAt })
      .where(eq(customers.id, customerIdOf('1000003')));
    const before = {
      documents: await database.db.$count(deliveredDocuments),
      nisa: await database.db.$count(nisaRequests),
    };
    await database.db.transaction((tx) => seedDemoRootLoading(tx));
    expect({
      documents: await database.db.$count(deliveredDocuments),
      nisa: await database.db.$count(nisaRequests),
    }).toEqual(before);
    const [child] = await database.db
      .select({ at: customers.identityMigratedAt })
      .from(customers)
      .where(eq(customers.id, customerIdOf('1000003')));
    expect(child?.at?.toISOString()).toBe(migratedAt.toISOString());
  });
});
