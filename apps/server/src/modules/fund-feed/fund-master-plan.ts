import type { FeedFund } from '@fund/contracts';
import type { FeedFundColumns, StoredFeedFund } from './fund-feed.repository.ts';

// A fund of the feed against the stored master: what it adds or changes, or why it is refused.

/** The columns of the fund master a feed fund stands for. */
export function columnsOf(fund: FeedFund): FeedFundColumns {
  return {
    code: fund.code,
    name: fund.name,
    shortName: fund.shortName,
    managementCompany: fund.managementCompany,
    inceptionDate: fund.inceptionDate,
    priceLagDays: fund.priceLagDays,
    buySettlementLagDays: fund.buySettlementLagDays,
    sellSettlementLagDays: fund.sellSettlementLagDays,
    cutOffTime: `${fund.cutOffTime}:00`,
    retentionFeeBasisPoints: fund.retentionFeeBasisPoints,
    tsumitateEligible: fund.nisa.tsumitate,
    growthEligible: fund.nisa.growth,
    riskLevel: fund.riskLevel,
    assetClass: fund.assetClass,
    foreign: fund.foreign,
    salesStatus: fund.salesStatus,
    settlementMonths: fund.settlement?.months ?? [],
    settlementDay: fund.settlement?.day ?? 31,
    reinvestmentOffered: fund.reinvestmentOffered,
    redemptionDate: fund.redemption?.date ?? null,
    lastOrderDate: fund.redemption?.lastOrderDate ?? null,
  };
}

const sameValue = (a: unknown, b: unknown) =>
  Array.isArray(a) && Array.isArray(b) ? a.join() === b.join() : a === b;

/** The master columns whose stored value differs from the feed's. */
function changedColumns(stored: StoredFeedFund['fund'], wanted: FeedFundColumns): Partial<FeedFundColumns> {
  const changed: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(wanted)) {
    if (!sameValue(stored[column as keyof typeof stored], value)) changed[column] = value;
  }
  return changed as Partial<FeedFundColumns>;
}

/** A fund of the feed: what it adds to the master, or the problems that refuse it. */
export interface FundPlan {
  readonly feed: FeedFund;
  readonly stored: StoredFeedFund | undefined;
  readonly changed: Partial<FeedFundColumns>;
  readonly newProspectuses: FeedFund['prospectuses'];
  readonly newHolidays: FeedFund['holidays'];
}

export function planFund(
  feed: FeedFund,
  where: string,
  stored: StoredFeedFund | undefined,
  refuse: (w: string, p: string) => void,
): FundPlan {
  const versions = new Set<number>();
  const dates = new Set<string>();
  const newProspectuses: FeedFund['prospectuses'][number][] = [];
  feed.prospectuses.forEach((prospectus, index) => {
    const at = `${where}.prospectuses[${index}]`;
    if (versions.has(prospectus.version) || dates.has(prospectus.effectiveOn)) {
      refuse(
        at,
        `${feed.code}: version ${prospectus.version} or its date ${prospectus.effectiveOn} appears twice`,
      );
      return;
    }
    versions.add(prospectus.version);
    dates.add(prospectus.effectiveOn);
    const same = stored?.prospectuses.find((row) => row.version === prospectus.version);
    if (same === undefined) {
      if (stored?.prospectuses.some((row) => row.effectiveOn === prospectus.effectiveOn))
        refuse(at, `${feed.code}: another version takes effect on ${prospectus.effectiveOn}`);
      else newProspectuses.push(prospectus);
    } else if (same.effectiveOn !== prospectus.effectiveOn || same.documentUrl !== prospectus.documentUrl) {
      refuse(
        at,
        `${feed.code}: version ${prospectus.version} is stored with another date or document; a new version is a new number`,
      );
    }
  });
  if (stored === undefined && !feed.prospectuses.some((row) => row.effectiveOn <= feed.inceptionDate))
    refuse(
      `${where}.prospectuses`,
      `${feed.code}: no prospectus in force on the 設定日 ${feed.inceptionDate}`,
    );
  const newHolidays = feed.holidays.filter((holiday) => !(stored?.holidays.has(holiday.date) ?? false));
  if (new Set(feed.holidays.map((holiday) => holiday.date)).size !== feed.holidays.length)
    refuse(`${where}.holidays`, `${feed.code}: a holiday appears twice`);
  if (stored !== undefined && stored.fund.inceptionDate !== feed.inceptionDate)
    refuse(
      `${where}.inceptionDate`,
      `${feed.code}: the 設定日 is stored as ${stored.fund.inceptionDate} and does not change`,
    );
  if (feed.settlement !== undefined) {
    const months = feed.settlement.months;
    if (new Set(months).size !== months.length || months.some((month, i) => i > 0 && month < months[i - 1]!))
      refuse(`${where}.settlement.months`, `${feed.code}: the 決算月 are not ascending and distinct`);
  }
  if (feed.redemption !== undefined && feed.redemption.lastOrderDate >= feed.redemption.date)
    refuse(
      `${where}.redemption`,
      `${feed.code}: the last order date ${feed.redemption.lastOrderDate} is not before the 償還日 ${feed.redemption.date}`,
    );
  if (stored?.fund.redemptionDate != null && feed.redemption === undefined)
    refuse(
      `${where}.redemption`,
      `${feed.code}: a 償還 announced for ${stored.fund.redemptionDate} cannot be withdrawn`,
    );
  const changed = stored === undefined ? {} : changedColumns(stored.fund, columnsOf(feed));
  // from its 償還日 a fund is 償還済み (the redemptions step): no feed's sales status revives it
  if (stored?.fund.salesStatus === 'REDEEMED') delete changed.salesStatus;
  return { feed, stored, changed, newProspectuses, newHolidays };
}
