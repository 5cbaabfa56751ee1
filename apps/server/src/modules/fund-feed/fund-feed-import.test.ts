import { fundFeedFormat, type FeedFund, type FundFeed } from '@fund/contracts';
import { isoDate } from '@fund/domain';
import { auditLog, fundHolidays, fundNavs, fundProspectuses, funds } from '@fund/db';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FundFeedRefused, importFundFeed, parseFundFeed } from './fund-feed.service.ts';

const today = isoDate('2026-11-27');
const sender = { actorId: 'command-line:ops' };

const fund: FeedFund = {
  code: 'FEED0001',
  name: 'フィードテスト・グローバル株式ファンド',
  shortName: 'フィードグローバル株式',
  managementCompany: 'フィードアセットマネジメント株式会社',
  inceptionDate: '2026-11-20',
  priceLagDays: 1,
  buySettlementLagDays: 4,
  sellSettlementLagDays: 5,
  cutOffTime: '15:00',
  retentionFeeBasisPoints: 30,
  nisa: { tsumitate: false, growth: true },
  riskLevel: 4,
  assetClass: 'EQUITY',
  foreign: true,
  salesStatus: 'ON_SALE',
  prospectuses: [
    { version: 1, effectiveOn: '2026-11-20', documentUrl: 'https://funds.example.jp/FEED0001/v1.pdf' },
  ],
  holidays: [{ date: '2026-11-26', reason: 'New York: Thanksgiving Day' }],
  reinvestmentOffered: true,
};
const navs = [
  { fundCode: 'FEED0001', date: '2026-11-20', nav: '10000' },
  { fundCode: 'FEED0001', date: '2026-11-24', nav: '10020' },
  { fundCode: 'FEED0001', date: '2026-11-25', nav: '10010' },
  { fundCode: 'FEED0001', date: '2026-11-27', nav: '10050' },
];
const feed: FundFeed = { format: fundFeedFormat, funds: [fund], navs, distributions: [] };

async function refusal(database: TestDatabase, document: FundFeed) {
  const error = await importFundFeed(database.db, document, today, sender).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(FundFeedRefused);
  return (error as FundFeedRefused).problems;
}

describe('the fund master and NAV feed', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(() => database.drop());

  it('fund-feed-with-one-bad-nav-imports-nothing-not-even-its-new-fund', async () => {
    const problems = await refusal(database, {
      ...feed,
      navs: [...navs, { fundCode: 'FEED0001', date: '2026-11-30', nav: '10060' }],
    });
    expect(problems).toEqual([
      {
        where: 'navs[4]',
        problem: 'FEED0001 2026-11-30 is after today (2026-11-27): no NAV is published ahead',
      },
    ]);
    expect(await database.db.select().from(funds).where(eq(funds.code, 'FEED0001'))).toEqual([]);
  }, 60_000);

  it('fund-feed-inserts-a-new-fund-with-its-prospectus-holidays-and-navs-skipping-its-holiday', async () => {
    const report = await importFundFeed(database.db, feed, today, sender);
    expect(report).toEqual({
      funds: { inserted: 1, updated: 0, unchanged: 0 },
      prospectusesInserted: 1,
      holidaysInserted: 1,
      navs: { inserted: 4, unchanged: 0 },
      distributions: { inserted: 0, unchanged: 0 },
    });
    const [stored] = await database.db.select().from(funds).where(eq(funds.code, 'FEED0001'));
    expect(stored).toMatchObject({
      retentionFeeBasisPoints: 30,
      tsumitateEligible: false,
      growthEligible: true,
      cutOffTime: '15:00:00',
    });
    expect(
      await database.db.select().from(fundProspectuses).where(eq(fundProspectuses.fundId, stored!.id)),
    ).toHaveLength(1);
    expect(
      await database.db.select().from(fundHolidays).where(eq(fundHolidays.fundId, stored!.id)),
    ).toHaveLength(1);
    expect(await database.db.select().from(fundNavs).where(eq(fundNavs.fundId, stored!.id))).toHaveLength(4);
  }, 60_000);

  it('fund-feed-imported-again-changes-nothing', async () => {
    expect(await importFundFeed(database.db, feed, today, sender)).toEqual({
      funds: { inserted: 0, updated: 0, unchanged: 1 },
      prospectusesInserted: 0,
      holidaysInserted: 0,
      navs: { inserted: 0, unchanged: 4 },
      distributions: { inserted: 0, unchanged: 0 },
    });
  }, 60_000);

  it('fund-feed-updates-the-master-and-adds-a-prospectus-version-audited-with-the-changed-columns', async () => {
    const revised: FeedFund = {
      ...fund,
      shortName: 'フィード世界株式',
      salesStatus: 'SUSPENDED',
      prospectuses: [
        ...fund.prospectuses,
        { version: 2, effectiveOn: '2026-12-01', documentUrl: 'https://funds.example.jp/FEED0001/v2.pdf' },
      ],
    };
    const report = await importFundFeed(
      database.db,
      { format: fundFeedFormat, funds: [revised], navs: [], distributions: [] },
      today,
      sender,
    );
    expect(report.funds).toEqual({ inserted: 0, updated: 1, unchanged: 0 });
    expect(report.prospectusesInserted).toBe(1);
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, 'fund_feed.import'));
    expect(audits.at(-1)).toMatchObject({
      actorId: 'command-line:ops',
      outcome: 'allowed',
      details: expect.objectContaining({
        updated: [{ code: 'FEED0001', columns: ['shortName', 'salesStatus'] }],
      }),
    });
  }, 60_000);

  it('fund-feed-refuses-a-changed-inception-a-rewritten-prospectus-version-and-a-stored-nav-with-another-value', async () => {
    const problems = await refusal(database, {
      format: fundFeedFormat,
      funds: [
        {
          ...fund,
          inceptionDate: '2026-11-19',
          prospectuses: [{ ...fund.prospectuses[0]!, documentUrl: 'https://funds.example.jp/other.pdf' }],
        },
      ],
      navs: [{ fundCode: 'FEED0001', date: '2026-11-24', nav: '10021' }],
      distributions: [],
    });
    expect(problems.map((problem) => problem.where)).toEqual([
      'funds[0].prospectuses[0]',
      'funds[0].inceptionDate',
      'navs[0]',
    ]);
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, 'fund_feed.import'));
    expect(audits.at(-1)).toMatchObject({
      outcome: 'refused',
      details: expect.objectContaining({ problems: 3 }),
    });
  }, 60_000);

  it('fund-feed-declares-a-distribution-on-a-settlement-day-once-and-refuses-one-off-the-pattern-or-without-its-nav', async () => {
    // the fund now settles monthly on the 25th (2026-11-25, a Wednesday, has its NAV stored)
    const settling = { ...fund, settlement: { months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], day: 25 } };
    const declared = { fundCode: 'FEED0001', date: '2026-11-25', per10k: '60', paymentDate: '2026-12-01' };
    const withDistribution: FundFeed = { ...feed, funds: [settling], distributions: [declared] };
    const problems = await refusal(database, {
      ...withDistribution,
      distributions: [
        { ...declared, date: '2026-11-24' },
        { ...declared, per10k: '0' },
        { ...declared, per10k: '60' },
        { ...declared, fundCode: 'NOSUCH01' },
      ],
    });
    expect(problems).toEqual([
      { where: 'distributions[0]', problem: 'FEED0001 2026-11-24: not a 決算日 of the fund' },
      {
        where: 'distributions[1]',
        problem: 'FEED0001 2026-11-25: the distribution 0 is not above 0 (a 0 is not sent)',
      },
      { where: 'distributions[2]', problem: 'FEED0001 2026-11-25: declared twice in this feed' },
      { where: 'distributions[3]', problem: 'NOSUCH01: no such fund' },
    ]);
    expect(
      await refusal(database, {
        ...withDistribution,
        distributions: [{ ...declared, paymentDate: '2026-11-25' }],
      }),
    ).toEqual([
      {
        where: 'distributions[0]',
        problem: 'FEED0001 2026-11-25: the 支払開始日 2026-11-25 is not a business day after the 決算日',
      },
    ]);
    expect((await importFundFeed(database.db, withDistribution, today, sender)).distributions).toEqual({
      inserted: 1,
      unchanged: 0,
    });
    expect((await importFundFeed(database.db, withDistribution, today, sender)).distributions).toEqual({
      inserted: 0,
      unchanged: 1,
    });
    const changed = await refusal(database, {
      ...withDistribution,
      distributions: [{ ...declared, per10k: '70' }],
    });
    expect(changed).toEqual([
      {
        where: 'distributions[0]',
        problem: 'FEED0001 2026-11-25: declared already as 60 yen paid on 2026-12-01',
      },
    ]);
  }, 60_000);

  it('fund-feed-does-not-revive-a-redeemed-fund', async () => {
    const ended: FeedFund = {
      ...fund,
      code: 'FEED0002',
      prospectuses: [
        { version: 1, effectiveOn: '2026-11-20', documentUrl: 'https://funds.example.jp/FEED0002/v1.pdf' },
      ],
      redemption: { date: '2026-11-25', lastOrderDate: '2026-11-18' },
    };
    const only: FundFeed = { format: fundFeedFormat, funds: [ended], navs: [], distributions: [] };
    await importFundFeed(database.db, only, today, sender);
    // the redemptions step marks it from its 償還日
    await database.db.update(funds).set({ salesStatus: 'REDEEMED' }).where(eq(funds.code, 'FEED0002'));
    const again = await importFundFeed(database.db, only, today, sender);
    expect(again.funds).toEqual({ inserted: 0, updated: 0, unchanged: 1 });
    const [stored] = await database.db.select().from(funds).where(eq(funds.code, 'FEED0002'));
    expect(stored?.salesStatus).toBe('REDEEMED');
  }, 60_000);

  it('fund-feed-not-following-the-format-is-refused-naming-each-place', () => {
    let error: FundFeedRefused | undefined;
    try {
      parseFundFeed({ format: 'fund-feed/1', navs: [{ fundCode: 'bad', date: '2026-02-30', nav: '1.5' }] });
    } catch (caught) {
      error = caught as FundFeedRefused;
    }
    expect(error?.problems.map((problem) => problem.where)).toEqual([
      'navs[0].fundCode',
      'navs[0].date',
      'navs[0].nav',
    ]);
  });
});
