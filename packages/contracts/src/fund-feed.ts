import { z } from 'zod';
import { isoDateSchema } from './request-limits.ts';

// The fund master and NAV feed (docs/fund-feed.md): what the fund companies' data feed sends us, by file
// (`npm run feed:import`) or by a signed call (POST /inbound/fund-feed). One document, validated whole.

/** The version of the format this server reads; a document names it in `format`. */
export const fundFeedFormat = 'fund-feed/1';

/** 協会コード: eight digits and capital letters. */
const fundCode = z.string().regex(/^[0-9A-Z]{8}$/, 'is not 8 digits or capital letters');
const wholeDays = (max: number) => z.number().int().min(0).max(max);
const text = (max: number) => z.string().trim().min(1).max(max);

/** One version of the fund's 交付目論見書. */
export const feedProspectusSchema = z.strictObject({
  version: z.number().int().min(1),
  /** 効力発生日 */
  effectiveOn: isoDateSchema,
  documentUrl: z.url({ protocol: /^https$/ }).max(500),
});

/** A non-business day of the fund on top of the Japanese calendar (海外休場日 etc.). */
export const feedHolidaySchema = z.strictObject({ date: isoDateSchema, reason: text(200) });

/** One fund of the master (ファンドマスタ): everything the order rules and the screens need. */
export const feedFundSchema = z.strictObject({
  code: fundCode,
  /** 正式名称, 略称, 委託会社 */
  name: text(200),
  shortName: text(60),
  managementCompany: text(200),
  /** 設定日: the first NAV date; it never changes. */
  inceptionDate: isoDateSchema,
  /** Business days 申込日 → 約定日, and 約定日 → 受渡日 for a buy and a sell. */
  priceLagDays: wholeDays(5),
  buySettlementLagDays: wholeDays(10),
  sellSettlementLagDays: wholeDays(10),
  /** 受付締切時間 (JST, HH:MM). */
  cutOffTime: z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, 'is not HH:MM'),
  /** 信託財産留保額 in basis points of the NAV (10 = 0.1 %). */
  retentionFeeBasisPoints: z.number().int().min(0).max(9_999),
  /** NISA eligibility: つみたて投資枠, 成長投資枠. */
  nisa: z.strictObject({ tsumitate: z.boolean(), growth: z.boolean() }),
  /** リスク区分 1 (lowest) to 5. */
  riskLevel: z.number().int().min(1).max(5),
  assetClass: z.enum(['EQUITY', 'BOND', 'BALANCED', 'REIT', 'COMMODITY']),
  /** Invests abroad: prices later and closes on foreign-market holidays. */
  foreign: z.boolean(),
  /** 販売中 or 買付停止 (sells still accepted). */
  salesStatus: z.enum(['ON_SALE', 'SUSPENDED']),
  prospectuses: z.array(feedProspectusSchema).min(1),
  holidays: z.array(feedHolidaySchema).default([]),
  /**
   * 決算: the months (1–12) and the day (1–31; a shorter month's last day, the next business day when a
   * holiday). Without it the fund declares no distribution.
   */
  settlement: z
    .strictObject({
      months: z.array(z.number().int().min(1).max(12)).min(1).max(12),
      day: z.number().int().min(1).max(31),
    })
    .optional(),
  /** Whether the fund offers the 再投資 course; without it every holder receives cash. */
  reinvestmentOffered: z.boolean().default(true),
  /** 償還: the end of 信託期間 or an announced 繰上償還, and the last 申込日 that takes an order. */
  redemption: z.strictObject({ date: isoDateSchema, lastOrderDate: isoDateSchema }).optional(),
});

/** 基準価額 of one fund on one business day, whole yen per 10,000 units, as a decimal string. */
export const feedNavSchema = z.strictObject({
  fundCode,
  date: isoDateSchema,
  nav: z.string().regex(/^-?[0-9]{1,15}$/, 'is not a whole number of yen'),
});

/**
 * 収益分配 declared on a 決算日: yen per 10,000 units (a 0 distribution is simply not sent). The NAV of
 * that date, in this feed or stored, is the ex-distribution NAV; 支払開始日 is when it is paid.
 */
export const feedDistributionSchema = z.strictObject({
  fundCode,
  date: isoDateSchema,
  per10k: z.string().regex(/^-?[0-9]{1,15}$/, 'is not a whole number of yen'),
  paymentDate: isoDateSchema,
});

export const fundFeedSchema = z.strictObject({
  format: z.literal(fundFeedFormat),
  funds: z.array(feedFundSchema).default([]),
  navs: z.array(feedNavSchema).default([]),
  distributions: z.array(feedDistributionSchema).default([]),
});

export type FundFeed = z.infer<typeof fundFeedSchema>;
export type FeedFund = z.infer<typeof feedFundSchema>;
export type FeedNav = z.infer<typeof feedNavSchema>;
export type FeedDistribution = z.infer<typeof feedDistributionSchema>;

/** One refused part of a feed: where in the document (e.g. `navs[12]`) and why. */
export const feedProblemSchema = z.object({ where: z.string(), problem: z.string() });
export type FeedProblem = z.infer<typeof feedProblemSchema>;

/** What an accepted feed changed; a second import of the same document changes nothing. */
export const fundFeedReportSchema = z.object({
  funds: z.object({ inserted: z.number().int(), updated: z.number().int(), unchanged: z.number().int() }),
  prospectusesInserted: z.number().int(),
  holidaysInserted: z.number().int(),
  navs: z.object({ inserted: z.number().int(), unchanged: z.number().int() }),
  distributions: z.object({ inserted: z.number().int(), unchanged: z.number().int() }),
});
export type FundFeedReport = z.infer<typeof fundFeedReportSchema>;

/** The answer to a refused feed: nothing was imported; every problem found is listed. */
export const fundFeedRefusedSchema = z.object({
  code: z.string(),
  message: z.string(),
  problems: z.array(feedProblemSchema),
});
