import { isBusinessDay, extraHolidaysOf, isoDate } from '@fund/domain';
import { and, asc, count, eq, gt, max, min } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundDistributions, fundHolidays, fundNavs, fundProspectuses, funds } from '../schema/index.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';
import { demoFundNavs, demoFundWalk, demoFunds, seedDemoFunds } from './demo-funds.ts';

const startup = 60_000;
const demoToday = isoDate('2026-11-20');

describe('seedDemoFunds', { timeout: startup }, () => {
  let database: TestDatabase;
  let firstRun: Awaited<ReturnType<typeof seedDemoFunds>>;
  beforeAll(async () => {
    database = await createTestDatabase();
    // the data as of a month earlier first, to show that a later start fills the gap
    firstRun = await database.db.transaction((tx) => seedDemoFunds(tx, isoDate('2026-10-20')));
  }, startup);
  afterAll(() => database?.drop());

  // how long seeding takes is not asserted: a timed unit test fails on a busy machine (DEVELOPERS.md)
  it('inserts the demo funds with about ten years of NAVs', async () => {
    expect(firstRun.fundsInserted).toBe(demoFunds.length);
    expect(demoFunds.length).toBeGreaterThanOrEqual(4);
    expect(firstRun.navsInserted).toBeGreaterThan(11_000);
    expect(await database.db.$count(fundNavs)).toBe(firstRun.navsInserted);
  });

  it('covers the shapes the demo needs', () => {
    const shapes = demoFunds.map((demo) => demo.fund);
    expect(shapes.some((fund) => fund.priceLagDays === 2)).toBe(true);
    expect(shapes.some((fund) => fund.priceLagDays === 0)).toBe(true);
    expect(shapes.some((fund) => fund.retentionFeeBasisPoints === 10)).toBe(true);
    expect(shapes.some((fund) => fund.retentionFeeBasisPoints === 0)).toBe(true);
    expect(shapes.some((fund) => fund.tsumitateEligible)).toBe(true);
    expect(shapes.some((fund) => !fund.tsumitateEligible)).toBe(true);
  });

  it('starts every fund at 10,000 yen on its inception date and prices only its business days', async () => {
    for (const demo of demoFunds) {
      const [fund] = await database.db.select().from(funds).where(eq(funds.code, demo.fund.code));
      const navs = await database.db
        .select({ navDate: fundNavs.navDate, nav: fundNavs.nav })
        .from(fundNavs)
        .where(eq(fundNavs.fundId, fund!.id))
        .orderBy(asc(fundNavs.navDate));
      expect(navs[0]).toEqual({ navDate: demo.fund.inceptionDate, nav: 10_000n });
      const holidays = await database.db
        .select({ holiday: fundHolidays.holiday })
        .from(fundHolidays)
        .where(eq(fundHolidays.fundId, fund!.id));
      const calendar = extraHolidaysOf(holidays.map((row) => row.holiday));
      expect(navs.every((row) => row.nav > 0n && isBusinessDay(isoDate(row.navDate), calendar))).toBe(true);
      expect(holidays.length > 0).toBe(demo.markets.length > 0);
    }
  });

  it('closes the foreign funds on New York and London holidays', async () => {
    const rows = await database.db
      .select({ code: funds.code, holiday: fundHolidays.holiday })
      .from(fundHolidays)
      .innerJoin(funds, eq(funds.id, fundHolidays.fundId));
    const has = (code: string, date: string) => rows.some((row) => row.code === code && row.holiday === date);
    expect(has('DEMOF002', '2025-07-04')).toBe(true); // Independence Day, a Friday
    expect(has('DEMOF002', '2025-11-27')).toBe(true); // Thanksgiving
    expect(has('DEMOF004', '2025-08-25')).toBe(true); // London summer bank holiday
    expect(has('DEMOF004', '2025-11-27')).toBe(false);
    expect(has('DEMOF001', '2027-12-27')).toBe(true); // next year's: Christmas observed on Monday
    expect(rows.some((row) => row.code === 'DEMOF003')).toBe(false);
  });

  it('gives one fund a prospectus revised within the last year', async () => {
    const [latest] = await database.db
      .select({ effectiveOn: max(fundProspectuses.effectiveOn) })
      .from(fundProspectuses)
      .innerJoin(funds, eq(funds.id, fundProspectuses.fundId))
      .where(eq(funds.code, 'DEMOF001'));
    expect(latest!.effectiveOn).toBe('2026-08-01');
  });

  it('on a later start adds only the missing NAV dates, the same values as one run would give', async () => {
    const before = await database.db.$count(fundNavs);
    const second = await database.db.transaction((tx) => seedDemoFunds(tx, demoToday));
    expect(second.fundsInserted).toBe(0);
    expect(second.navsInserted).toBeGreaterThan(0);
    expect(second.navsInserted).toBeLessThan(30 * demoFunds.length);
    // the monthly fund's 2026-11-16 決算
    expect(second.distributionsInserted).toBe(1);
    expect(await database.db.$count(fundNavs)).toBe(before + second.navsInserted);

    const [fund] = await database.db.select().from(funds).where(eq(funds.code, 'DEMOF002'));
    const stored = await database.db
      .select({ navDate: fundNavs.navDate, nav: fundNavs.nav })
      .from(fundNavs)
      .where(eq(fundNavs.fundId, fund!.id))
      .orderBy(asc(fundNavs.navDate));
    expect(stored).toEqual(demoFundNavs(demoFunds[1]!, demoToday));

    const third = await database.db.transaction((tx) => seedDemoFunds(tx, demoToday));
    expect(third).toEqual({
      fundsInserted: 0,
      navsInserted: 0,
      holidaysInserted: 0,
      distributionsInserted: 0,
    });
  });

  it('keeps NAV dates within the end date', async () => {
    const [range] = await database.db
      .select({ first: min(fundNavs.navDate), last: max(fundNavs.navDate), rows: count() })
      .from(fundNavs);
    expect(range!.first).toBe('2016-11-01');
    expect(range!.last! <= demoToday).toBe(true);
    expect(await database.db.$count(fundNavs, and(gt(fundNavs.navDate, demoToday)))).toBe(0);
  });

  it('declares the walk’s distributions on the 決算日: monthly and yearly funds, ex-NAV lower by the 分配金', async () => {
    const rows = await database.db
      .select({
        code: funds.code,
        settlementDate: fundDistributions.settlementDate,
        per10k: fundDistributions.per10k,
        paymentDate: fundDistributions.paymentDate,
      })
      .from(fundDistributions)
      .innerJoin(funds, eq(funds.id, fundDistributions.fundId))
      .orderBy(fundDistributions.settlementDate);
    const monthly = rows.filter((row) => row.code === 'DEMOF006');
    // every month from November 2016 (the inception month) to November 2026
    expect(monthly).toHaveLength(121);
    expect(monthly.at(-1)).toEqual({
      code: 'DEMOF006',
      settlementDate: '2026-11-16', // the 15th is a Sunday
      per10k: 25n,
      paymentDate: '2026-11-24', // 5 business days later (11-23 is 勤労感謝の日)
    });
    const yearly = rows.filter((row) => row.code === 'DEMOF007');
    expect(yearly.length).toBeGreaterThan(0);
    expect(yearly.every((row) => row.settlementDate.slice(5, 7) === '12')).toBe(true);
    expect(rows.every((row) => ['DEMOF006', 'DEMOF007'].includes(row.code))).toBe(true);

    // the NAV published on a 決算日 is ex-distribution: the walk without the policy is higher from then on
    const demo = demoFunds.find((fund) => fund.fund.code === 'DEMOF006')!;
    const paying = demoFundWalk(demo, demoToday);
    const withoutPolicy = demoFundNavs({ ...demo, distribution: undefined }, demoToday);
    const first = paying.distributions[0]!;
    const index = paying.navs.findIndex((row) => row.navDate === first.settlementDate);
    expect(withoutPolicy[index - 1]).toEqual(paying.navs[index - 1]);
    expect(withoutPolicy[index]!.nav - paying.navs[index]!.nav).toBe(first.per10k);
  });

  it('announces one fund’s 繰上償還 two months ahead, orders until 5 business days before, and prices it no further', async () => {
    const [ending] = await database.db
      .select({ redemptionDate: funds.redemptionDate, lastOrderDate: funds.lastOrderDate })
      .from(funds)
      .where(eq(funds.code, 'DEMOF008'));
    // first seeded for 2026-10-20: the 20th of December is a Sunday
    expect(ending).toEqual({ redemptionDate: '2026-12-21', lastOrderDate: '2026-12-14' });
    await database.db.transaction((tx) => seedDemoFunds(tx, isoDate('2027-01-29')));
    const [last] = await database.db
      .select({ navDate: max(fundNavs.navDate) })
      .from(fundNavs)
      .innerJoin(funds, eq(funds.id, fundNavs.fundId))
      .where(eq(funds.code, 'DEMOF008'));
    expect(last!.navDate).toBe('2026-12-21');
  });
});
