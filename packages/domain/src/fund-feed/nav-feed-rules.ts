import { isBusinessDay, nextBusinessDay, type ExtraHolidays } from '../calendar/business-days.ts';
import type { IsoDate } from '../calendar/iso-date.ts';

/** A NAV line of a feed, with where it stands in the document (for the report). */
export interface FeedNavLine {
  readonly where: string;
  readonly fundCode: string;
  readonly date: IsoDate;
  /** Whole yen per 10,000 units, as sent (a decimal string, perhaps negative). */
  readonly nav: string;
}

/** What is known of a fund when its NAV lines are checked: stored, or declared in the same feed. */
export interface FundNavState {
  /** 設定日: the first NAV date. */
  readonly inceptionDate: IsoDate;
  /** The fund's own non-business days (stored and declared in the feed). */
  readonly holidays: ExtraHolidays;
  /** The latest stored NAV date; null before the first. */
  readonly lastStoredDate: IsoDate | null;
  /** The stored NAVs of the dates the feed names (other dates need not be given). */
  readonly stored: ReadonlyMap<IsoDate, bigint>;
}

export interface NavLinesVerdict {
  readonly problems: readonly { where: string; problem: string }[];
  /** Lines to insert, each with its NAV read; empty when there are problems. */
  readonly toInsert: readonly { fundCode: string; date: IsoDate; nav: bigint }[];
  /** Lines whose NAV is stored already with the same value (a re-import). */
  readonly unchanged: number;
}

/**
 * The NAV lines of a feed against what is stored (docs/fund-feed.md): every line must name a known fund,
 * a business day of the fund from its 設定日 up to `today` (no NAV is published ahead), a positive whole
 * NAV, and appear once. A NAV stored with the same value is a re-import and changes nothing; with another
 * value it is refused (orders may have been priced at it: a correction is an operator's decision). The new
 * NAVs of a fund follow its last stored one without a gap, each business day in turn; a fund with none
 * stored yet starts on the first date the feed gives (a fund sold here from some day after its 設定日).
 */
export function checkNavLines(
  lines: readonly FeedNavLine[],
  fundOf: (code: string) => FundNavState | undefined,
  today: IsoDate,
): NavLinesVerdict {
  const problems: { where: string; problem: string }[] = [];
  const refuse = (where: string, problem: string) => problems.push({ where, problem });
  const seen = new Set<string>();
  const newByFund = new Map<string, { line: FeedNavLine; nav: bigint }[]>();
  let unchanged = 0;

  for (const line of lines) {
    const fund = fundOf(line.fundCode);
    const key = `${line.fundCode} ${line.date}`;
    if (seen.has(key)) {
      refuse(line.where, `${key} appears twice`);
      continue;
    }
    seen.add(key);
    if (fund === undefined) {
      refuse(line.where, `unknown fund ${line.fundCode} (not in the fund master nor in this feed)`);
      continue;
    }
    const nav = BigInt(line.nav);
    if (nav <= 0n) {
      refuse(line.where, `${key}: NAV ${line.nav} is not a positive number of yen per 10,000 units`);
      continue;
    }
    if (line.date < fund.inceptionDate) {
      refuse(line.where, `${key} is before the fund's 設定日 ${fund.inceptionDate}`);
      continue;
    }
    if (line.date > today) {
      refuse(line.where, `${key} is after today (${today}): no NAV is published ahead`);
      continue;
    }
    if (!isBusinessDay(line.date, fund.holidays)) {
      refuse(line.where, `${key} is not a business day of the fund`);
      continue;
    }
    const stored = fund.stored.get(line.date);
    if (stored !== undefined) {
      if (stored === nav) unchanged += 1;
      else
        refuse(
          line.where,
          `${key} is stored as ${stored}, not ${nav}; a stored NAV is not changed by a feed`,
        );
      continue;
    }
    const fundLines = newByFund.get(line.fundCode) ?? [];
    fundLines.push({ line, nav });
    newByFund.set(line.fundCode, fundLines);
  }

  const toInsert: { fundCode: string; date: IsoDate; nav: bigint }[] = [];
  for (const [fundCode, fundLines] of newByFund) {
    const fund = fundOf(fundCode)!;
    const sorted = [...fundLines].sort((a, b) => (a.line.date < b.line.date ? -1 : 1));
    // a fund's first NAVs may start on any of its business days (a fund sold here from some date on)
    let expected =
      fund.lastStoredDate === null
        ? sorted[0]!.line.date
        : nextBusinessDay(fund.lastStoredDate, fund.holidays);
    for (const { line, nav } of sorted) {
      if (line.date < expected) {
        refuse(line.where, `${fundCode} ${line.date} is before the last stored NAV (${fund.lastStoredDate})`);
        continue;
      }
      if (line.date > expected) {
        refuse(line.where, `${fundCode} ${line.date}: the NAV of ${expected} is missing before it (a gap)`);
      }
      toInsert.push({ fundCode, date: line.date, nav });
      expected = nextBusinessDay(line.date, fund.holidays);
    }
  }
  return problems.length > 0 ? { problems, toInsert: [], unchanged } : { problems, toInsert, unchanged };
}
