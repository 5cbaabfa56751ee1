import { fundFeedSchema, type FeedProblem, type FundFeed, type FundFeedReport } from '@fund/contracts';
import {
  checkNavLines,
  extraHolidaysOf,
  isoDate,
  type FeedNavLine,
  type FundNavState,
  type IsoDate,
} from '@fund/domain';
import type { Database, Transaction } from '@fund/db';
import { recordAudit } from '../../audit/audit-log.ts';
import {
  insertFund,
  insertDistributions,
  insertHolidays,
  insertNavs,
  navDatesAmong,
  storedDistributionsOn,
  insertProspectuses,
  lockFeedImport,
  storedFeedFunds,
  storedNavsBetween,
  updateFund,
  type StoredFeedFund,
} from './fund-feed.repository.ts';
import { planDistributions, type DistributingFund } from './distribution-plan.ts';
import { columnsOf, planFund, type FundPlan } from './fund-master-plan.ts';

/** A feed with problems: nothing of it was imported; `problems` lists every one found. */
export class FundFeedRefused extends Error {
  override readonly name = 'FundFeedRefused';
  readonly problems: readonly FeedProblem[];
  constructor(problems: readonly FeedProblem[]) {
    super(`Fund feed refused: ${problems.length} problem(s); nothing was imported`);
    this.problems = problems;
  }
}

/** Who sent the feed, for the audit trail: the command line's OS user, or the signed caller's key. */
export interface FeedSender {
  readonly actorId: string;
  readonly requestId?: string;
}

/**
 * Imports a fund feed (docs/fund-feed.md): the fund master (new funds inserted, changed ones updated,
 * prospectus versions and holidays added) and the NAVs, all checked first and written in one transaction:
 * a feed with any problem imports nothing and every problem is reported. Importing the same feed again
 * changes nothing. `today` is the business clock's date (Asia/Tokyo): no NAV after it is taken.
 */
export async function importFundFeed(
  db: Database,
  feed: FundFeed,
  today: IsoDate,
  sender: FeedSender,
): Promise<FundFeedReport> {
  try {
    return await db.transaction(async (tx) => {
      await lockFeedImport(tx);
      return importInTransaction(tx, feed, today, sender);
    });
  } catch (error) {
    if (error instanceof FundFeedRefused) {
      await recordAudit(db, {
        actorType: 'system',
        actorId: sender.actorId,
        action: 'fund_feed.import',
        outcome: 'refused',
        requestId: sender.requestId ?? null,
        details: { problems: error.problems.length, first: error.problems.slice(0, 5) },
      });
    }
    throw error;
  }
}

async function importInTransaction(
  tx: Transaction,
  feed: FundFeed,
  today: IsoDate,
  sender: FeedSender,
): Promise<FundFeedReport> {
  const problems: FeedProblem[] = [];
  const refuse = (where: string, problem: string) => problems.push({ where, problem });
  const codes = [
    ...new Set([
      ...feed.funds.map((fund) => fund.code),
      ...feed.navs.map((nav) => nav.fundCode),
      ...feed.distributions.map((line) => line.fundCode),
    ]),
  ];
  const stored = await storedFeedFunds(tx, codes);

  const seenCodes = new Set<string>();
  const plans: FundPlan[] = [];
  feed.funds.forEach((fund, index) => {
    if (seenCodes.has(fund.code)) refuse(`funds[${index}]`, `${fund.code} appears twice`);
    seenCodes.add(fund.code);
    plans.push(planFund(fund, `funds[${index}]`, stored.get(fund.code), refuse));
  });

  const navStates = await navStatesOf(tx, feed, plans, stored);
  const lines: FeedNavLine[] = feed.navs.map((nav, index) => ({
    where: `navs[${index}]`,
    fundCode: nav.fundCode,
    date: isoDate(nav.date),
    nav: nav.nav,
  }));
  const verdict = checkNavLines(lines, (code) => navStates.get(code), today);
  problems.push(...verdict.problems);
  for (const plan of plans) {
    const state = navStates.get(plan.feed.code)!;
    for (const holiday of plan.newHolidays)
      if (state.stored.has(isoDate(holiday.date)))
        refuse(
          `funds[${feed.funds.indexOf(plan.feed)}].holidays`,
          `${plan.feed.code} ${holiday.date}: a NAV is stored for that day`,
        );
  }
  const distributions = planDistributions(
    feed.distributions,
    await distributingFundsOf(tx, feed, plans, stored, navStates),
    today,
    refuse,
  );
  if (problems.length > 0) throw new FundFeedRefused(problems);

  const report: FundFeedReport = {
    funds: { inserted: 0, updated: 0, unchanged: 0 },
    prospectusesInserted: 0,
    holidaysInserted: 0,
    navs: { inserted: verdict.toInsert.length, unchanged: verdict.unchanged },
    distributions: { inserted: distributions.toInsert.length, unchanged: distributions.unchanged },
  };
  const fundIds = new Map([...stored].map(([code, row]) => [code, row.fund.id]));
  const updated: { code: string; columns: string[] }[] = [];
  for (const plan of plans) {
    let fundId = plan.stored?.fund.id;
    if (fundId === undefined) {
      fundId = await insertFund(tx, columnsOf(plan.feed));
      fundIds.set(plan.feed.code, fundId);
      report.funds.inserted += 1;
    } else if (Object.keys(plan.changed).length > 0) {
      await updateFund(tx, fundId, plan.changed);
      updated.push({ code: plan.feed.code, columns: Object.keys(plan.changed) });
      report.funds.updated += 1;
    } else {
      report.funds.unchanged += 1;
    }
    await insertProspectuses(
      tx,
      plan.newProspectuses.map((row) => ({ fundId: fundId, ...row })),
    );
    await insertHolidays(
      tx,
      plan.newHolidays.map((row) => ({ fundId: fundId, holiday: row.date, reason: row.reason })),
    );
    report.prospectusesInserted += plan.newProspectuses.length;
    report.holidaysInserted += plan.newHolidays.length;
  }
  for (const code of new Set(verdict.toInsert.map((row) => row.fundCode))) {
    const navs = verdict.toInsert.filter((row) => row.fundCode === code);
    await insertNavs(tx, fundIds.get(code)!, navs);
  }
  await insertDistributions(
    tx,
    distributions.toInsert.map(({ fundCode, ...line }) => ({ fundId: fundIds.get(fundCode)!, ...line })),
  );

  await recordAudit(tx, {
    actorType: 'system',
    actorId: sender.actorId,
    action: 'fund_feed.import',
    outcome: 'allowed',
    requestId: sender.requestId ?? null,
    details: { ...report, updated },
  });
  return report;
}

/** What the NAV check needs of each fund the feed names: stored, or new in this feed. */
async function navStatesOf(
  tx: Transaction,
  feed: FundFeed,
  plans: readonly FundPlan[],
  stored: ReadonlyMap<string, StoredFeedFund>,
): Promise<Map<string, FundNavState>> {
  const states = new Map<string, FundNavState>();
  const codes = new Set([
    ...plans.map((plan) => plan.feed.code),
    ...feed.navs.map((nav) => nav.fundCode),
    ...feed.distributions.map((line) => line.fundCode),
  ]);
  for (const code of codes) {
    const plan = plans.find((candidate) => candidate.feed.code === code);
    const row = stored.get(code);
    if (row === undefined && plan === undefined) continue; // an unknown fund: the NAV check says so
    const holidays = [
      ...(row?.holidays ?? []),
      ...(plan?.feed.holidays.map((holiday) => holiday.date) ?? []),
    ];
    const dates = [
      ...feed.navs.filter((nav) => nav.fundCode === code).map((nav) => nav.date),
      ...(plan?.newHolidays.map((holiday) => holiday.date) ?? []),
    ].sort();
    states.set(code, {
      inceptionDate: isoDate(row?.fund.inceptionDate ?? plan!.feed.inceptionDate),
      holidays: extraHolidaysOf(holidays),
      lastStoredDate: row?.lastNavDate == null ? null : isoDate(row.lastNavDate),
      stored:
        row === undefined || dates.length === 0
          ? new Map()
          : ((await storedNavsBetween(tx, row.fund.id, dates[0]!, dates.at(-1)!)) as Map<IsoDate, bigint>),
    });
  }
  return states;
}

/** The funds the feed's distributions name, with their 決算 pattern, NAV dates and stored distributions. */
async function distributingFundsOf(
  tx: Transaction,
  feed: FundFeed,
  plans: readonly FundPlan[],
  stored: ReadonlyMap<string, StoredFeedFund>,
  navStates: ReadonlyMap<string, FundNavState>,
): Promise<(code: string) => DistributingFund | undefined> {
  const funds = new Map<string, DistributingFund>();
  for (const code of new Set(feed.distributions.map((line) => line.fundCode))) {
    const plan = plans.find((candidate) => candidate.feed.code === code);
    const row = stored.get(code)?.fund;
    const state = navStates.get(code);
    if (state === undefined || (plan === undefined && row === undefined)) continue;
    const dates = feed.distributions.filter((line) => line.fundCode === code).map((line) => line.date);
    const sentNavs = new Set(feed.navs.filter((nav) => nav.fundCode === code).map((nav) => nav.date));
    const storedNavs = row === undefined ? new Set<string>() : await navDatesAmong(tx, row.id, dates);
    const storedLines = row === undefined ? new Map() : await storedDistributionsOn(tx, row.id, dates);
    funds.set(code, {
      schedule: plan?.feed.settlement ?? {
        months: row?.settlementMonths ?? [],
        day: row?.settlementDay ?? 31,
      },
      holidays: state.holidays,
      hasNav: (date) => sentNavs.has(date) || storedNavs.has(date),
      stored: (date) => storedLines.get(date),
    });
  }
  return (code) => funds.get(code);
}

/** The document read as a fund feed, or refused with every place it does not follow the format. */
export function parseFundFeed(document: unknown): FundFeed {
  const parsed = fundFeedSchema.safeParse(document);
  if (parsed.success) return parsed.data;
  throw new FundFeedRefused(
    parsed.error.issues.slice(0, 200).map((issue) => ({
      where:
        issue.path.reduce<string>(
          (at, key) =>
            typeof key === 'number' ? `${at}[${key}]` : at === '' ? String(key) : `${at}.${String(key)}`,
          '',
        ) || '(document)',
      problem: issue.message,
    })),
  );
}
