import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, pingDatabase } from './database.ts';
import { migrateDatabase } from './migrate.ts';
import { customers } from './schema/index.ts';
import { createTestDatabase, type TestDatabase } from './testing/index.ts';

const startup = 60_000; // a fresh PGlite runs initdb in WebAssembly: seconds, more on a busy machine

describe('openDatabase with a PGlite data directory', { timeout: startup }, () => {
  let parent: string;
  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), 'fund-db-open-'));
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it('creates a missing data directory and keeps the data after close and reopen', async () => {
    const dataDir = join(parent, 'not-yet', 'pglite');
    const first = await openDatabase({ dataDir });
    expect(first.kind).toBe('pglite');
    await migrateDatabase(first);
    await first.db.insert(customers).values({
      accountNumber: '7654321',
      branchCode: '002',
      lastName: '中村',
      firstName: '花子',
      lastNameKana: 'ナカムラ',
      firstNameKana: 'ハナコ',
      accountRole: 'ADULT',
      equityStatus: 'OPEN',
      lastConfirmedOn: '2026-06-30',
      birthDate: '1991-01-15',
      email: 'hanako.nakamura@example.jp',
    });
    await first.close();

    const reopened = await openDatabase({ dataDir });
    try {
      await migrateDatabase(reopened); // what every start does: nothing left to apply
      const [stored] = await reopened.db
        .select({ name: customers.lastName, confirmed: customers.lastConfirmedOn })
        .from(customers)
        .where(eq(customers.accountNumber, '7654321'));
      expect(stored).toEqual({ name: '中村', confirmed: '2026-06-30' });
    } finally {
      await reopened.close();
    }
  });

  it('refuses to open a data directory that is already open, and opens it once that handle is closed', async () => {
    const dataDir = join(parent, 'pglite');
    const first = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow('is already open in process');
    await first.close();
    const second = await openDatabase({ dataDir });
    await pingDatabase(second);
    await second.close();
  });

  it('starts in the background when asked (npm start): the directory is locked at once, queries wait for the start', async () => {
    const dataDir = join(parent, 'pglite');
    const starting = await openDatabase({ dataDir, startInBackground: true });
    await expect(openDatabase({ dataDir })).rejects.toThrow('is already open in process');
    await migrateDatabase(starting);
    await pingDatabase(starting);
    await starting.close();
    // closed while still starting: it waits for the start, then releases the directory
    const closedAtOnce = await openDatabase({ dataDir, startInBackground: true });
    await closedAtOnce.close();
    const reopened = await openDatabase({ dataDir });
    await pingDatabase(reopened);
    await reopened.close();
  });
});

describe('openDatabase choices', () => {
  it('refuses to guess when neither a url nor a data directory is given', async () => {
    await expect(openDatabase({})).rejects.toThrow('needs a PostgreSQL url or a PGlite dataDir');
    await expect(openDatabase({ url: '', dataDir: '' })).rejects.toThrow('needs a PostgreSQL url');
  });

  it('uses PostgreSQL whenever a url is given, and pingDatabase fails when nothing listens there', async () => {
    // port 1 on loopback: connection refused at once, no network involved
    const handle = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/none', dataDir: 'memory://' });
    try {
      expect(handle.kind).toBe('postgres');
      await expect(pingDatabase(handle)).rejects.toThrow();
    } finally {
      await handle.close();
    }
  });
});

describe('a test database from createTestDatabase', { timeout: startup }, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, startup);
  afterAll(() => database?.drop());

  it('runs on PostgreSQL when DATABASE_URL is set and on in-memory PGlite otherwise', async () => {
    expect(database.kind).toBe(process.env.DATABASE_URL ? 'postgres' : 'pglite');
    await pingDatabase(database);
  });

  it('is migrated and empty', async () => {
    expect(await database.db.select().from(customers)).toEqual([]);
  });

  it('can be closed twice without an error', async () => {
    const extra = await createTestDatabase();
    await extra.close();
    await extra.close();
    await extra.drop();
  });
});
