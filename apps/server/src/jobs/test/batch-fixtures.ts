// Rows and helpers the batch scenario tests build on (test-only).
import { fundFeedFormat } from '@fund/contracts';
import { addCalendarDays, isBusinessDay, isoDate, jstInstant, type IsoDate } from '@fund/domain';
import {
  accountTransferAccounts,
  credit,
  customerAccounts,
  customers,
  debit,
  fundNavs,
  fundProspectuses,
  funds,
  informations,
  journalEntries,
  linkedCards,
  orders,
  postJournalEntry,
  prospectusConfirmations,
  recordBankTransfer,
  trades,
  verifyLedger,
  type DatabaseHandle,
  type NewFund,
} from '@fund/db';
import { count, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { importFundFeed } from '../../modules/fund-feed/fund-feed.service.ts';
import { placeBuyOrder } from '../../modules/trading/buy-placement.ts';
import { runBusinessDay, runBusinessDays, type DailyBatchOptions } from '../daily-batch.ts';
import { demoDebitFailureRule } from '../steps/recurring-debits.step.ts';

/** No demo NAVs (the tests store their own), the demo debit-failure rule, orders 2 business days after the debit. */
export const testBatchOptions: DailyBatchOptions = {
  demoPrices: false,
  debitFailureRule: demoDebitFailureRule,
  purchaseLagBusinessDays: 2,
  workers: 1,
  now: () => new Date('2026-11-21T09:00:00Z'),
};

/** A domestic no-load fund: priced on the 申込日 (lag 0), buys and sells settle 3 business days later. */
export async function insertFund(
  handle: DatabaseHandle,
  overrides: Partial<NewFund> & { code: string },
): Promise<string> {
  const [fund] = await handle.db
    .insert(funds)
    .values({
      name: `テストファンド ${overrides.code}`,
      shortName: `テスト${overrides.code}`,
      managementCompany: 'テストアセットマネジメント株式会社',
      inceptionDate: '2020-01-06',
      priceLagDays: 0,
      buySettlementLagDays: 3,
      sellSettlementLagDays: 3,
      retentionFeeBasisPoints: 0,
      tsumitateEligible: true,
      growthEligible: true,
      riskLevel: 3,
      assetClass: 'EQUITY',
      foreign: false,
      ...overrides,
    })
    .returning({ id: funds.id });
  await handle.db.insert(fundProspectuses).values({
    fundId: fund!.id,
    version: 1,
    effectiveOn: '2020-01-06',
    documentUrl: `https://funds.example.jp/${overrides.code}/prospectus-v1.pdf`,
  });
  return fund!.id;
}

let accountNumber = 2_000_000;

/** The bank account 口座振替 debits (積立 and 毎月の入金); without one they fail (decision 035). */
export async function registerBankAccount(
  handle: DatabaseHandle,
  customerId: string,
  accountNumber: string,
): Promise<void> {
  await handle.db.insert(accountTransferAccounts).values({
    customerId,
    bankCode: '0005',
    bankName: 'テスト銀行',
    branchCode: '001',
    branchName: '本店',
    accountType: 'ORDINARY',
    accountNumber: accountNumber.slice(-7).padStart(7, '0'),
    holderNameKana: 'ヤマダ ハナコ',
  });
}

/**
 * An adult (born 1985) with a specific account and both 2024 NISA accounts, who confirmed the prospectus
 * of `fundIds`, with `cash` yen deposited on 2026-01-05 (振込入金) and a bank account for 口座振替 unless
 * `bankAccount` is false.
 */
export async function insertCustomer(
  handle: DatabaseHandle,
  options: {
    fundIds?: readonly string[];
    cash?: bigint;
    emailLocalPart?: string;
    /** The bank account 口座振替 debits (decision 035); registered unless false. */
    bankAccount?: boolean;
  } = {},
): Promise<string> {
  accountNumber += 1;
  const number = String(accountNumber);
  const [customer] = await handle.db
    .insert(customers)
    .values({
      accountNumber: number,
      branchCode: '001',
      lastName: '山田',
      firstName: '花子',
      lastNameKana: 'ヤマダ',
      firstNameKana: 'ハナコ',
      accountRole: 'ADULT',
      equityStatus: 'OPEN',
      lastConfirmedOn: '2026-04-01',
      birthDate: '1985-05-05',
      email: `${options.emailLocalPart ?? `customer-${number}`}@example.jp`,
    })
    .returning({ id: customers.id });
  const customerId = customer!.id;
  await handle.db.insert(customerAccounts).values(
    (['specific', 'nisa2_tsumitate', 'nisa2_growth'] as const).map((accountType) => ({
      customerId,
      accountType,
      openedOn: '2024-01-04',
    })),
  );
  if (options.bankAccount !== false) await registerBankAccount(handle, customerId, number);
  for (const fundId of options.fundIds ?? []) {
    await handle.db.insert(prospectusConfirmations).values({ customerId, fundId, version: 1 });
  }
  if ((options.cash ?? 0n) > 0n) {
    await handle.db.transaction(async (tx) => {
      const journalEntryId = await postJournalEntry(tx, {
        kind: 'deposit',
        businessDate: '2026-01-05' as IsoDate,
        customerId,
        lines: [debit('bank_clearing', options.cash!), credit('customer_cash', options.cash!, customerId)],
      });
      // the 振込入金 recorded as a 入金: the credit's source (decision 035)
      await recordBankTransfer(tx, {
        customerId,
        type: 'deposit',
        amount: options.cash!,
        date: '2026-01-05',
        description: '振込入金',
        journalEntryId,
      });
    });
  }
  return customerId;
}

/** Links a card to the customer (decision 018): a points card good until 2030 unless told otherwise. */
export async function linkCard(
  handle: DatabaseHandle,
  customerId: string,
  card: {
    state?: 'ACTIVE' | 'RE_REGISTRATION_REQUIRED' | 'NOT_POINTS_CARD' | 'EXPIRED';
    expiry?: string;
  } = {},
): Promise<void> {
  const state = card.state ?? 'ACTIVE';
  await handle.db.insert(linkedCards).values({
    customerId,
    issuerSubject: `subject-${customerId}`,
    cardName: 'セゾンカードインターナショナル',
    last4: '1234',
    expiry: card.expiry ?? '2030-12',
    state,
    pointsEarning: state !== 'NOT_POINTS_CARD',
    linkedOn: '2026-01-05',
  });
}

/** 10:00 JST on a date: before the 15:00 cut-off. */
export function morningOf(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return jstInstant(year, month, day, 10, 0);
}

/** A spot buy by amount placed at 10:00 JST of `on`, as the buy API places it. */
export function placeSpotBuy(
  handle: DatabaseHandle,
  order: {
    customerId: string;
    fundCode: string;
    accountType: 'specific' | 'nisa2_growth';
    amount: bigint;
    on: string;
  },
) {
  return handle.db.transaction((tx) =>
    placeBuyOrder(tx, {
      customerId: order.customerId,
      fundCode: order.fundCode,
      accountType: order.accountType,
      orderType: 'AMOUNT',
      amount: order.amount,
      channel: 'BUY',
      idempotencyKey: `api:${order.customerId}-${order.fundCode}-${order.on}`,
      now: morningOf(order.on),
    }),
  );
}

/** Row counts that a rerun must leave unchanged. */
export async function ledgerSnapshot(handle: DatabaseHandle) {
  const counted = async (
    table: typeof journalEntries | typeof trades | typeof informations | typeof orders,
  ) => (await handle.db.select({ n: count() }).from(table))[0]!.n;
  const statuses = await handle.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .orderBy(orders.id);
  const balances = await handle.db.execute(
    sql`SELECT customer_id, account::text, balance::text FROM customer_balances ORDER BY 1, 2`,
  );
  return {
    entries: await counted(journalEntries),
    trades: await counted(trades),
    notices: await counted(informations),
    orders: statuses,
    balances: (balances as unknown as { rows: unknown[] }).rows,
  };
}

export async function expectLedgerConsistent(handle: DatabaseHandle): Promise<void> {
  expect(await verifyLedger(handle)).toEqual([]);
}

export async function cashOf(
  handle: DatabaseHandle,
  customerId: string,
  account = 'customer_cash',
): Promise<bigint> {
  const result = await handle.db.execute(
    sql`SELECT coalesce(sum(balance), 0)::text AS balance FROM customer_balances
      WHERE customer_id = ${customerId}::uuid AND account::text = ${account}`,
  );
  return BigInt((result as unknown as { rows: { balance: string }[] }).rows[0]!.balance);
}

export async function orderById(handle: DatabaseHandle, id: string) {
  const [row] = await handle.db.select().from(orders).where(eq(orders.id, id));
  return row!;
}

export function runDay(handle: DatabaseHandle, date: string, options: Partial<DailyBatchOptions> = {}) {
  return runBusinessDay(handle, date as IsoDate, { ...testBatchOptions, ...options });
}

export function runDays(
  handle: DatabaseHandle,
  from: string,
  until: string,
  options: Partial<DailyBatchOptions> = {},
) {
  return runBusinessDays(handle, from as IsoDate, until as IsoDate, { ...testBatchOptions, ...options });
}

/** The same NAV on every business day from `from` to `until`. */
export async function insertNavs(
  handle: DatabaseHandle,
  fundId: string,
  from: string,
  until: string,
  nav: bigint,
) {
  const rows = [];
  for (let date = from as IsoDate; date <= until; date = addCalendarDays(date, 1)) {
    if (isBusinessDay(date)) rows.push({ fundId, navDate: date, nav });
  }
  await handle.db.insert(fundNavs).values(rows).onConflictDoNothing();
}

/**
 * Imports NAVs of a fund through the fund feed (docs/fund-feed.md) as production receives them: each
 * `[dates, nav]` group gives the same NAV to each date. Returns the feed's report.
 */
export async function importFeedNavs(
  handle: DatabaseHandle,
  fundCode: string,
  groups: readonly (readonly [readonly string[], number])[],
) {
  const navs = groups.flatMap(([dates, nav]) => dates.map((date) => ({ fundCode, date, nav: String(nav) })));
  const today = isoDate(
    navs
      .map((row) => row.date)
      .sort()
      .at(-1)!,
  );
  return importFundFeed(handle.db, { format: fundFeedFormat, funds: [], navs, distributions: [] }, today, {
    actorId: 'test',
  });
}

/** Declares distributions through the fund feed, as production receives them; `today` is the feed's date. */
export async function importDistributions(
  handle: DatabaseHandle,
  today: string,
  distributions: readonly { fundCode: string; date: string; per10k: number; paymentDate: string }[],
) {
  return importFundFeed(
    handle.db,
    {
      format: fundFeedFormat,
      funds: [],
      navs: [],
      distributions: distributions.map((line) => ({ ...line, per10k: String(line.per10k) })),
    },
    isoDate(today),
    { actorId: 'test' },
  );
}
