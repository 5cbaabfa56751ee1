import {
  credit,
  customerBalances,
  debit,
  demoCustomers,
  fundNavs,
  funds,
  holdings,
  nisaUsage,
  linkedCards,
  pointsLedger,
  postJournalEntry,
  recordBankTransfer,
  seedDemoData,
  trades,
  verifyLedger,
} from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { isoDate, publishedNavBound, type AccountType } from '@fund/domain';
import { and, desc, eq, lte } from 'drizzle-orm';
import type { App } from '../../../app.ts';
import type { Clock } from '../../../plugins/clock.plugin.ts';
import { manySignInsEnv, signInCustomer } from '../../../test/customer-session.ts';
import { buildTestApp } from '../../../test/test-app.ts';

/**
 * A seeded database, the real app with a clock the test moves, and real customer tokens (signed in
 * while the clock shows the real time; tests pin JST instants before the real today, where the seeded
 * NAVs exist and the tokens are valid).
 */
export interface TradingKit {
  readonly database: TestDatabase;
  readonly app: App;
  /** Pins the business clock (null: real time). */
  setNow(instant: Date | null): void;
  customerId(accountNumber: string): string;
  token(accountNumber: string): Promise<string>;
  post(
    accountNumber: string,
    url: string,
    body: unknown,
    key?: string | null,
  ): Promise<Awaited<ReturnType<App['inject']>>>;
  get(accountNumber: string, url: string): Promise<Awaited<ReturnType<App['inject']>>>;
  fundId(code: string): Promise<string>;
  /** The NAV an order placed on `date` (JST) at the pinned time is estimated from: the newest published (blind pricing). */
  navOn(code: string, date: string): Promise<bigint>;
  cash(accountNumber: string): Promise<bigint>;
  unsettled(accountNumber: string): Promise<bigint>;
  deposit(accountNumber: string, amount: bigint): Promise<void>;
  givePoints(accountNumber: string, points: bigint): Promise<void>;
  /** A settled holding: the holding row and the FUND BUY trade behind it (the verifier matches them). */
  giveHolding(accountNumber: string, accountType: AccountType, code: string, units: bigint): Promise<void>;
  holding(
    accountNumber: string,
    accountType: AccountType,
    code: string,
  ): Promise<{ units: bigint; reservedUnits: bigint } | undefined>;
  nisaPurchased(accountNumber: string, year: number, bucket: 'tsumitate' | 'growth'): Promise<bigint>;
  expectLedgerConsistent(): Promise<void>;
  close(): Promise<void>;
}

export const kitStartup = 120_000;

export async function createTradingKit(): Promise<TradingKit> {
  const database = await createTestDatabase();
  await seedDemoData(database);
  let pinned: Date | null = null;
  const clock: Clock = { now: () => (pinned === null ? new Date() : new Date(pinned)) };
  const app = await buildTestApp({
    database: { ...database, close: async () => {} },
    env: { ...manySignInsEnv },
    clock,
  });
  const tokens = new Map<string, string>();
  const customerId = (accountNumber: string) => {
    const customer = demoCustomers.find((candidate) => candidate.accountNumber === accountNumber);
    if (customer === undefined) throw new Error(`no demo customer ${accountNumber}`);
    return customer.id;
  };
  const token = async (accountNumber: string) => {
    const known = tokens.get(accountNumber);
    if (known !== undefined) return known;
    const saved = pinned;
    pinned = null;
    try {
      const fresh = (await signInCustomer(app, accountNumber)).access_token;
      tokens.set(accountNumber, fresh);
      return fresh;
    } finally {
      pinned = saved;
    }
  };
  const fundId = async (code: string) => {
    const [row] = await database.db.select({ id: funds.id }).from(funds).where(eq(funds.code, code));
    return row!.id;
  };
  const balance = async (accountNumber: string, account: 'customer_cash' | 'customer_unsettled') => {
    const [row] = await database.db
      .select({ balance: customerBalances.balance })
      .from(customerBalances)
      .where(
        and(
          eq(customerBalances.customerId, customerId(accountNumber)),
          eq(customerBalances.account, account),
        ),
      );
    return row?.balance ?? 0n;
  };

  return {
    database,
    app,
    setNow(instant) {
      pinned = instant;
    },
    customerId,
    token,
    async post(accountNumber, url, body, key = crypto.randomUUID()) {
      const headers: Record<string, string> = {
        host: 'localhost:3000',
        authorization: `Bearer ${await token(accountNumber)}`,
      };
      if (key !== null) headers['idempotency-key'] = key;
      if (body !== undefined) headers['content-type'] = 'application/json';
      return app.inject({
        method: 'POST',
        url,
        headers,
        ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
      });
    },
    async get(accountNumber, url) {
      return app.inject({
        method: 'GET',
        url,
        headers: { host: 'localhost:3000', authorization: `Bearer ${await token(accountNumber)}` },
      });
    },
    fundId,
    async navOn(code, date) {
      const [row] = await database.db
        .select({ nav: fundNavs.nav })
        .from(fundNavs)
        .where(
          and(
            eq(fundNavs.fundId, await fundId(code)),
            // blind pricing: `date`'s own NAV only from its cut-off on, as the app reads it
            lte(fundNavs.navDate, publishedNavBound(isoDate(date), pinned ?? new Date())),
          ),
        )
        .orderBy(desc(fundNavs.navDate))
        .limit(1);
      return row!.nav;
    },
    cash: (accountNumber) => balance(accountNumber, 'customer_cash'),
    unsettled: (accountNumber) => balance(accountNumber, 'customer_unsettled'),
    async deposit(accountNumber, amount) {
      await database.db.transaction(async (tx) => {
        const journalEntryId = await postJournalEntry(tx, {
          kind: 'deposit',
          businessDate: isoDate('2025-01-06'),
          customerId: customerId(accountNumber),
          lines: [debit('bank_clearing', amount), credit('customer_cash', amount, customerId(accountNumber))],
        });
        // the 振込入金 recorded as a 入金: the credit's source (decision 035)
        await recordBankTransfer(tx, {
          customerId: customerId(accountNumber),
          type: 'deposit',
          amount,
          date: '2025-01-06',
          description: '振込入金',
          journalEntryId,
        });
      });
    },
    async givePoints(accountNumber, points) {
      // usable points come with a linked points card in good standing (decision 018)
      await database.db
        .insert(linkedCards)
        .values({
          customerId: customerId(accountNumber),
          issuerSubject: `test-${accountNumber}`,
          cardName: 'セゾンカードインターナショナル',
          last4: '0001',
          expiry: '2099-12',
          state: 'ACTIVE',
          pointsEarning: true,
          linkedOn: '2025-01-06',
        })
        .onConflictDoUpdate({
          target: linkedCards.customerId,
          set: { state: 'ACTIVE', pointsEarning: true, expiry: '2099-12' },
        });
      await database.db.insert(pointsLedger).values({
        customerId: customerId(accountNumber),
        kind: 'EARNED',
        points,
        occurredOn: '2025-01-06',
      });
    },
    async giveHolding(accountNumber, accountType, code, units) {
      const id = await fundId(code);
      await database.db.transaction(async (tx) => {
        await tx.insert(holdings).values({
          customerId: customerId(accountNumber),
          accountType,
          fundId: id,
          units,
          bookValue: units, // bought at 10,000 yen per 10,000 units
          costBasisPer10k: 10_000n,
        });
        await tx.insert(trades).values({
          customerId: customerId(accountNumber),
          accountType,
          fundId: id,
          type: 'FUND',
          side: 'BUY',
          units,
          pricePer10k: 10_000n,
          amount: units,
          tradeDate: '2025-01-06',
          settlementDate: '2025-01-09',
        });
      });
    },
    async holding(accountNumber, accountType, code) {
      const [row] = await database.db
        .select({ units: holdings.units, reservedUnits: holdings.reservedUnits })
        .from(holdings)
        .where(
          and(
            eq(holdings.customerId, customerId(accountNumber)),
            eq(holdings.accountType, accountType),
            eq(holdings.fundId, await fundId(code)),
          ),
        );
      return row;
    },
    async nisaPurchased(accountNumber, year, bucket) {
      const [row] = await database.db
        .select({ purchased: nisaUsage.purchased })
        .from(nisaUsage)
        .where(
          and(
            eq(nisaUsage.customerId, customerId(accountNumber)),
            eq(nisaUsage.year, year),
            eq(nisaUsage.bucket, bucket),
          ),
        );
      return row?.purchased ?? 0n;
    },
    async expectLedgerConsistent() {
      const violations = await verifyLedger(database);
      if (violations.length > 0) throw new Error(`ledger violations: ${JSON.stringify(violations, null, 2)}`);
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
