import type { FeedDistribution } from '@fund/contracts';
import {
  isBusinessDay,
  isoDate,
  isSettlementDate,
  type ExtraHolidays,
  type IsoDate,
  type SettlementSchedule,
} from '@fund/domain';

// The distributions of a feed against each fund's 決算 pattern, its NAVs and what is stored: what to insert,
// or why each line is refused.

/** What the check needs to know of one fund the feed's distributions name. */
export interface DistributingFund {
  readonly schedule: SettlementSchedule;
  readonly holidays: ExtraHolidays;
  /** Whether a NAV (the ex-distribution NAV) is stored or sent for the date. */
  hasNav(date: IsoDate): boolean;
  /** The distribution stored for the date, if any. */
  stored(date: IsoDate): { per10k: bigint; paymentDate: string } | undefined;
}

export interface DistributionLine {
  readonly fundCode: string;
  readonly settlementDate: IsoDate;
  readonly per10k: bigint;
  readonly paymentDate: IsoDate;
}

export function planDistributions(
  distributions: readonly FeedDistribution[],
  fundOf: (code: string) => DistributingFund | undefined,
  today: IsoDate,
  refuse: (where: string, problem: string) => void,
): { toInsert: DistributionLine[]; unchanged: number } {
  const toInsert: DistributionLine[] = [];
  const seen = new Set<string>();
  let unchanged = 0;
  distributions.forEach((line, index) => {
    const where = `distributions[${index}]`;
    const about = `${line.fundCode} ${line.date}`;
    const fund = fundOf(line.fundCode);
    if (fund === undefined) return refuse(where, `${line.fundCode}: no such fund`);
    const date = isoDate(line.date);
    const paymentDate = isoDate(line.paymentDate);
    const per10k = BigInt(line.per10k);
    const key = `${line.fundCode} ${line.date}`;
    if (seen.has(key)) return refuse(where, `${about}: declared twice in this feed`);
    seen.add(key);
    if (per10k <= 0n)
      return refuse(where, `${about}: the distribution ${line.per10k} is not above 0 (a 0 is not sent)`);
    if (date > today) return refuse(where, `${about}: the 決算日 is after today ${today}`);
    if (fund.schedule.months.length === 0)
      return refuse(where, `${about}: the fund has no 決算 pattern in the master`);
    if (!isSettlementDate(fund.schedule, date, fund.holidays))
      return refuse(where, `${about}: not a 決算日 of the fund`);
    if (!fund.hasNav(date)) return refuse(where, `${about}: no NAV (分配落ち後の基準価額) for the 決算日`);
    if (paymentDate <= date || !isBusinessDay(paymentDate))
      return refuse(
        where,
        `${about}: the 支払開始日 ${line.paymentDate} is not a business day after the 決算日`,
      );
    const stored = fund.stored(date);
    if (stored === undefined)
      return void toInsert.push({ fundCode: line.fundCode, settlementDate: date, per10k, paymentDate });
    if (stored.per10k === per10k && stored.paymentDate === line.paymentDate) return void (unchanged += 1);
    refuse(where, `${about}: declared already as ${stored.per10k} yen paid on ${stored.paymentDate}`);
  });
  return { toInsert, unchanged };
}
