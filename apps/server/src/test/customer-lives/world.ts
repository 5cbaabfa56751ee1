// The world the model-based test of customers' lives runs in (test-only): a fresh database, the real app
// on a business clock, three funds (one paying a monthly distribution) with ten months of NAVs around the
// run, and customers of every kind of payment set-up, each signed in through the real identity flow.
import {
  accountTransferAccounts,
  credit,
  customerAccounts,
  customerCredentials,
  customers,
  debit,
  demoCustomerPasswordHash,
  fundDistributions,
  fundNavs,
  fundProspectuses,
  funds,
  linkedCards,
  pointsLedger,
  postJournalEntry,
  recordBankTransfer,
  prospectusConfirmations,
  type DatabaseHandle,
  type NewFund,
} from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import {
  addBusinessDays,
  addCalendarDays,
  isBusinessDay,
  isSettlementDate,
  jstInstant,
  type AccountType,
  type IsoDate,
} from '@fund/domain';
import type { App } from '../../app.ts';
import { manySignInsEnv } from '../customer-session.ts';
import { buildTestApp } from '../test-app.ts';
import { accessTokenOf, TestClock } from '../trading-fixtures.ts';

/** The first business date of every run: late November, so a run crosses the 27th debits and the new year. */
export const firstDate = '2026-11-24' as IsoDate;

export interface ModelFund {
  readonly code: string;
  readonly overrides: Partial<NewFund>;
  /** 分配金 per 10,000 units declared on each of its 決算日 (settlementMonths / settlementDay). */
  readonly distributionPer10k?: bigint;
}

/**
 * A domestic fund priced the same day, a foreign one priced a day later with a retention fee, and one that
 * only 成長投資枠 takes and pays a distribution every month (the lives meet 受取 / 再投資, NISA room, a
 * corporation's tax and sells around a 決算日): the lags, fees and 決算 every rule of the batch depends on.
 */
export const modelFunds: readonly ModelFund[] = [
  {
    code: 'MODELF01',
    overrides: { priceLagDays: 0, buySettlementLagDays: 3, sellSettlementLagDays: 3, foreign: false },
  },
  {
    code: 'MODELF02',
    overrides: {
      priceLagDays: 1,
      buySettlementLagDays: 4,
      sellSettlementLagDays: 5,
      retentionFeeBasisPoints: 10,
      foreign: true,
    },
  },
  {
    code: 'MODELF03',
    overrides: {
      priceLagDays: 0,
      buySettlementLagDays: 3,
      sellSettlementLagDays: 4,
      tsumitateEligible: false,
      settlementMonths: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
      // the 25th: the first 決算 falls on the run's second day, so even a short life meets one
      settlementDay: 25,
    },
    distributionPer10k: 60n,
  },
];

export interface ModelCustomer {
  readonly accountNumber: string;
  readonly role: 'ADULT' | 'CORPORATION';
  readonly accounts: readonly AccountType[];
  readonly bankAccount: boolean;
  readonly card: boolean;
  readonly cash: bigint;
  readonly points: bigint;
}

/**
 * An adult with everything, an adult without a bank account (the audit's 1000009), and a corporation
 * (一般口座 only, no card).
 */
export const modelCustomers: readonly ModelCustomer[] = [
  {
    accountNumber: '3000001',
    role: 'ADULT',
    accounts: ['specific', 'nisa2_tsumitate', 'nisa2_growth'],
    bankAccount: true,
    card: true,
    cash: 300_000n,
    points: 3_000n,
  },
  {
    accountNumber: '3000002',
    role: 'ADULT',
    accounts: ['specific', 'nisa2_tsumitate', 'nisa2_growth'],
    bankAccount: false,
    card: true,
    cash: 200_000n,
    points: 3_000n,
  },
  {
    accountNumber: '3000003',
    role: 'CORPORATION',
    accounts: ['general'],
    bankAccount: true,
    card: false,
    cash: 500_000n,
    points: 0n,
  },
];

export interface World {
  readonly database: TestDatabase;
  readonly app: App;
  readonly clock: TestClock;
  /** Account number → customer id and access token. */
  readonly customerIds: ReadonlyMap<string, string>;
  readonly tokens: ReadonlyMap<string, string>;
  /**
   * The bank's answer to each customer's 口座振替 when it refuses them (残高不足, 口座解約): outside events the
   * model switches. The registration of the account with us stays (only a paper form changes it).
   */
  readonly bankRefusals: Map<string, string>;
  close(): Promise<void>;
}

/**
 * A deterministic random walk per fund: whole yen per 10,000 units, never below 5,000, moving up to ±1.5%
 * a day, so sells and buys meet gains and losses alike; on a 決算日 of a distributing fund the NAV is
 * ex-distribution (the 分配金 leaves it), declared with its 支払開始日 3 business days later.
 */
function navRows(fundId: string, fund: ModelFund, fundIndex: number, from: IsoDate, until: IsoDate) {
  const rows: { fundId: string; navDate: IsoDate; nav: bigint }[] = [];
  const distributions: { fundId: string; settlementDate: IsoDate; per10k: bigint; paymentDate: IsoDate }[] =
    [];
  const schedule = {
    months: fund.overrides.settlementMonths ?? [],
    day: fund.overrides.settlementDay ?? 31,
  };
  let state = 1_234_567 + fundIndex * 7_654_321;
  let nav = 10_000 + fundIndex * 2_500;
  for (let date = from; date <= until; date = addCalendarDays(date, 1)) {
    if (!isBusinessDay(date)) continue;
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const step = Math.floor((((state % 301) - 150) * nav) / 10_000);
    nav = Math.max(5_000, nav + step);
    if (fund.distributionPer10k !== undefined && isSettlementDate(schedule, date)) {
      nav -= Number(fund.distributionPer10k);
      distributions.push({
        fundId,
        settlementDate: date,
        per10k: fund.distributionPer10k,
        paymentDate: addBusinessDays(date, 3),
      });
    }
    rows.push({ fundId, navDate: date, nav: BigInt(nav) });
  }
  return { rows, distributions };
}

async function insertModelFund(handle: DatabaseHandle, fund: ModelFund, index: number): Promise<string> {
  const [row] = await handle.db
    .insert(funds)
    .values({
      code: fund.code,
      name: `モデルファンド ${fund.code}`,
      shortName: `モデル${index + 1}`,
      managementCompany: 'モデルアセットマネジメント株式会社',
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
      ...fund.overrides,
    })
    .returning({ id: funds.id });
  const fundId = row!.id;
  await handle.db.insert(fundProspectuses).values({
    fundId,
    version: 1,
    effectiveOn: '2020-01-06',
    documentUrl: `https://funds.example.jp/${fund.code}/prospectus-v1.pdf`,
  });
  // from a month before the run to well past the longest run, so every 約定日 has its NAV
  const walk = navRows(fundId, fund, index, addCalendarDays(firstDate, -40), addCalendarDays(firstDate, 300));
  await handle.db.insert(fundNavs).values(walk.rows);
  if (walk.distributions.length > 0) await handle.db.insert(fundDistributions).values(walk.distributions);
  return fundId;
}

async function insertModelCustomer(
  handle: DatabaseHandle,
  customer: ModelCustomer,
  fundIds: readonly string[],
): Promise<string> {
  const corporation = customer.role === 'CORPORATION';
  const [row] = await handle.db
    .insert(customers)
    .values({
      accountNumber: customer.accountNumber,
      branchCode: '001',
      lastName: corporation ? '株式会社モデル商事' : '模型',
      firstName: corporation ? '' : '花子',
      lastNameKana: corporation ? 'カブシキガイシャモデルショウジ' : 'モケイ',
      firstNameKana: corporation ? '' : 'ハナコ',
      accountRole: customer.role,
      equityStatus: 'OPEN',
      lastConfirmedOn: '2026-10-01',
      birthDate: corporation ? null : '1980-04-01',
      email: `model-${customer.accountNumber}@example.jp`,
    })
    .returning({ id: customers.id });
  const customerId = row!.id;
  await handle.db.insert(customerCredentials).values({ customerId, passwordHash: demoCustomerPasswordHash });
  await handle.db
    .insert(customerAccounts)
    .values(customer.accounts.map((accountType) => ({ customerId, accountType, openedOn: '2024-01-04' })));
  for (const fundId of fundIds) {
    await handle.db.insert(prospectusConfirmations).values({ customerId, fundId, version: 1 });
  }
  if (customer.bankAccount) await registerBankAccount(handle, customerId);
  if (customer.card) {
    await handle.db.insert(linkedCards).values({
      customerId,
      issuerSubject: `model-${customer.accountNumber}`,
      cardName: 'セゾンカードインターナショナル',
      last4: '4321',
      expiry: '2030-12',
      state: 'ACTIVE',
      pointsEarning: true,
      linkedOn: '2026-01-05',
    });
  }
  if (customer.points > 0n) {
    await handle.db.insert(pointsLedger).values({
      customerId,
      kind: 'GRANTED',
      points: customer.points,
      note: '口座開設キャンペーン',
      occurredOn: '2026-01-05',
    });
  }
  if (customer.cash > 0n) {
    await handle.db.transaction(async (tx) => {
      const journalEntryId = await postJournalEntry(tx, {
        kind: 'deposit',
        businessDate: '2026-01-05' as IsoDate,
        customerId,
        lines: [debit('bank_clearing', customer.cash), credit('customer_cash', customer.cash, customerId)],
      });
      // the 振込入金 recorded as a 入金: the credit's source (decision 035)
      await recordBankTransfer(tx, {
        customerId,
        type: 'deposit',
        amount: customer.cash,
        date: '2026-01-05',
        description: '振込入金',
        journalEntryId,
      });
    });
  }
  return customerId;
}

/** The 口座振替 account the customer registered on paper (decision 019): outside the API, as in life. */
export async function registerBankAccount(handle: DatabaseHandle, customerId: string): Promise<void> {
  await handle.db
    .insert(accountTransferAccounts)
    .values({
      customerId,
      bankCode: '0001',
      bankName: 'モデル銀行',
      branchCode: '001',
      branchName: '本店',
      accountType: 'ORDINARY',
      accountNumber: '7654321',
      holderNameKana: 'モケイ ハナコ',
    })
    .onConflictDoNothing();
}

export async function createWorld(): Promise<World> {
  const database = await createTestDatabase();
  const clock = new TestClock();
  clock.instant = jstInstant(2026, 11, 24, 9, 0);
  const fundIds: string[] = [];
  for (const [index, fund] of modelFunds.entries())
    fundIds.push(await insertModelFund(database, fund, index));
  const customerIds = new Map<string, string>();
  for (const customer of modelCustomers) {
    customerIds.set(customer.accountNumber, await insertModelCustomer(database, customer, fundIds));
  }
  const app = await buildTestApp({
    database: { ...database, close: async () => {} },
    env: manySignInsEnv,
    clock,
  });
  const tokens = new Map<string, string>();
  for (const accountNumber of customerIds.keys())
    tokens.set(accountNumber, await accessTokenOf(app, accountNumber));
  return {
    database,
    app,
    clock,
    customerIds,
    tokens,
    bankRefusals: new Map(),
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
