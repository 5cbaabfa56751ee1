import { jstDateOf } from '@fund/domain';
import { and, asc, count, eq, isNull, lte, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../database.ts';
import { migrateDatabase } from '../migrate.ts';
import {
  accountRole,
  customers,
  equityStatus,
  fundProspectuses,
  funds,
  informationReads,
  informations,
  prospectusConfirmations,
  updateAccountRequests,
} from '../schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { createPostgresTestDatabase } from '../testing/postgres-test-database.ts';
import { demoCustomers, mainDemoAccountNumber } from './demo-customers.ts';
import { demoInformationReads, demoInformations, mainDemoCustomerUnread } from './demo-informations.ts';
import { demoUpdateAccountRequests } from './demo-update-account-requests.ts';
import { seedDemoData } from './seed-demo-data.ts';

const startup = 60_000;
/** The demo's "today"; every seeded notice is published before it. */
const demoToday = new Date('2026-11-21T09:00:00+09:00');

function customerIdOf(accountNumber: string): string {
  return demoCustomers.find((customer) => customer.accountNumber === accountNumber)!.id;
}

async function tableCounts(database: DatabaseHandle) {
  return {
    customers: await database.db.$count(customers),
    updateAccountRequests: await database.db.$count(updateAccountRequests),
    informations: await database.db.$count(informations),
    informationReads: await database.db.$count(informationReads),
  };
}

describe('seedDemoData', { timeout: startup }, () => {
  let database: TestDatabase;
  let firstRun: { seeded: boolean };
  beforeAll(async () => {
    database = await createTestDatabase();
    firstRun = await seedDemoData(database);
  }, startup);
  afterAll(() => database?.drop());

  it('inserts the demo data into an empty database and says so', async () => {
    expect(firstRun).toEqual({ seeded: true });
    expect(await tableCounts(database)).toEqual({
      customers: demoCustomers.length,
      updateAccountRequests: demoUpdateAccountRequests.length,
      informations: demoInformations.length,
      informationReads: demoInformationReads.length,
    });
  });

  it('inserts nothing when run a second time', async () => {
    const before = await tableCounts(database);
    expect(await seedDemoData(database)).toEqual({ seeded: false });
    expect(await tableCounts(database)).toEqual(before);
  });

  it('stores every demo customer exactly as demoCustomers lists it', async () => {
    const stored = await database.db.select().from(customers).orderBy(customers.accountNumber);
    expect(
      stored.map((row) => ({
        id: row.id,
        accountNumber: row.accountNumber,
        branchCode: row.branchCode,
        name: [row.lastName, row.firstName].filter(Boolean).join(' '),
        role: row.accountRole,
        equityStatus: row.equityStatus,
        locked: row.locked,
        lastConfirmedOn: row.lastConfirmedOn,
        birthDate: row.birthDate,
      })),
    ).toEqual(
      demoCustomers.map((customer) => ({
        id: customer.id,
        accountNumber: customer.accountNumber,
        branchCode: customer.branchCode,
        name: customer.name,
        role: customer.role,
        equityStatus: customer.equityStatus,
        locked: customer.locked,
        lastConfirmedOn: customer.lastConfirmedOn,
        birthDate: customer.birthDate,
      })),
    );
  });

  it('leaves the main customer a revised prospectus to confirm: the version before confirmed, the revision not', async () => {
    const rows = await database.db
      .select({
        version: fundProspectuses.version,
        effectiveOn: fundProspectuses.effectiveOn,
        confirmedAt: prospectusConfirmations.confirmedAt,
      })
      .from(fundProspectuses)
      .innerJoin(funds, eq(funds.id, fundProspectuses.fundId))
      .leftJoin(
        prospectusConfirmations,
        and(
          eq(prospectusConfirmations.fundId, fundProspectuses.fundId),
          eq(prospectusConfirmations.version, fundProspectuses.version),
          eq(prospectusConfirmations.customerId, customerIdOf(mainDemoAccountNumber)),
        ),
      )
      .where(eq(funds.code, 'DEMOF004'))
      .orderBy(asc(fundProspectuses.version));
    expect(rows.map((row) => [row.version, row.confirmedAt !== null])).toEqual([
      [1, true],
      [2, false],
    ]);
    // revised after the customer confirmed the version before, and in force today
    expect(rows[1]!.effectiveOn > jstDateOf(rows[0]!.confirmedAt!)).toBe(true);
    expect(rows[1]!.effectiveOn <= jstDateOf(new Date())).toBe(true);
  });

  it('has a demo customer for every account role and every equity status, and one locked customer', async () => {
    const stored = await database.db.select().from(customers);
    expect(new Set(stored.map((row) => row.accountRole))).toEqual(new Set(accountRole.enumValues));
    expect(new Set(stored.map((row) => row.equityStatus))).toEqual(new Set(equityStatus.enumValues));
    expect(stored.filter((row) => row.locked).map((row) => row.accountNumber)).toEqual(['1000005']);
  });

  it('leaves one overdue customer to be asked for re-confirmation and holds the other back with a pending request', async () => {
    const yearBeforeToday = '2025-11-21';
    const overdue = await database.db
      .select({ accountNumber: customers.accountNumber })
      .from(customers)
      .where(and(eq(customers.equityStatus, 'OPEN'), lte(customers.lastConfirmedOn, yearBeforeToday)))
      .orderBy(customers.accountNumber);
    expect(overdue.map((row) => row.accountNumber)).toEqual(['1000008', '1000009']);

    const pending = await database.db
      .select({ customerId: updateAccountRequests.customerId })
      .from(updateAccountRequests)
      .where(eq(updateAccountRequests.status, 'PENDING'));
    expect(pending).toEqual([{ customerId: customerIdOf('1000009') }]);
  });

  it('gives the main customer 3 unread important and 2 unread other notices, in one query', async () => {
    const mainCustomerId = customerIdOf(mainDemoAccountNumber);
    // the badge query: notices for everyone or for this customer, published, without a read row
    const unread = await database.db
      .select({ category: informations.category, unread: count() })
      .from(informations)
      .leftJoin(
        informationReads,
        and(
          eq(informationReads.informationId, informations.id),
          eq(informationReads.customerId, mainCustomerId),
        ),
      )
      .where(
        and(
          or(isNull(informations.customerId), eq(informations.customerId, mainCustomerId)),
          lte(informations.publishedAt, demoToday),
          isNull(informationReads.informationId),
        ),
      )
      .groupBy(informations.category)
      .orderBy(informations.category);
    expect(unread).toEqual([
      { category: 'important', unread: 3 },
      { category: 'others', unread: 2 },
    ]);
    expect(mainDemoCustomerUnread).toEqual({ important: 3, others: 2 });
  });

  it("keeps another customer's notice out of the main customer's list", async () => {
    const mainCustomerId = customerIdOf(mainDemoAccountNumber);
    const visible = await database.db.$count(
      informations,
      or(isNull(informations.customerId), eq(informations.customerId, mainCustomerId)),
    );
    expect(visible).toBe(demoInformations.length - 1);
  });
});

describe('two seeders starting at the same moment', { timeout: startup }, () => {
  let handles: [DatabaseHandle, DatabaseHandle];
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const serverUrl = process.env.DATABASE_URL;
    if (!serverUrl) {
      // PGlite has one connection: the same client seeding twice at once
      const handle = await createTestDatabase();
      handles = [handle, handle];
      drop = handle.drop;
      return;
    }
    const database = await createPostgresTestDatabase(serverUrl);
    const first = await openDatabase({ url: database.url, poolSize: 2 });
    const second = await openDatabase({ url: database.url, poolSize: 2 });
    await migrateDatabase(first);
    handles = [first, second];
    drop = async () => {
      await Promise.all([first.close(), second.close()]);
      await database.drop();
    };
  }, startup);
  afterAll(() => drop?.());

  it('insert the demo data once: one reports seeded, the other not', async () => {
    const results = await Promise.all(handles.map((handle) => seedDemoData(handle)));
    expect(results.map((result) => result.seeded).sort()).toEqual([false, true]);
    expect(await handles[0].db.$count(customers)).toBe(demoCustomers.length);
  });
});
