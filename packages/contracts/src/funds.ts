import { z } from 'zod';
import { isoDateSchema } from './request-limits.ts';

// Funds API (issue 5): list, detail with the current prospectus, NAV history, prospectus confirmation.
// Prices are whole yen per 10,000 units (1万口あたり), sent as decimal strings like every money value.

export { FundsPath } from './paths.ts';

/** Longest NAV history one call returns (days between from and to, inclusive). */
export const maxNavRangeDays = 3_700;

const decimal = z.string().regex(/^-?(0|[1-9][0-9]*)$/);
const isoDate = isoDateSchema;

export const fundCodeParamsSchema = z.object({
  code: z.string().regex(/^[0-9A-Z]{8}$/, 'ファンドコードは英大文字・数字 8 桁です'),
});

export const fundSummarySchema = z
  .object({
    code: z.string(),
    name: z.string(),
    shortName: z.string(),
    managementCompany: z.string(),
    assetClass: z.enum(['EQUITY', 'BOND', 'BALANCED', 'REIT', 'COMMODITY']),
    /** リスク区分 1 (lowest) to 5. */
    riskLevel: z.number().int(),
    foreign: z.boolean(),
    salesStatus: z.enum(['ON_SALE', 'SUSPENDED', 'REDEEMED']),
    /** Latest 基準価額 on or before today, its date, and the change from the NAV before it. */
    navDate: isoDate.nullable(),
    nav: decimal.nullable(),
    dayChange: decimal.nullable(),
    /** 解約価額 = NAV − 信託財産留保額. */
    cancellationPrice: decimal.nullable(),
    /** 信託財産留保額 in basis points of the NAV (10 = 0.1 %). */
    retentionFeeBasisPoints: z.number().int(),
    nisa: z.object({ tsumitate: z.boolean(), growth: z.boolean() }),
    /** Business days 申込日 → 約定日, 約定日 → 受渡日 (buy, sell), and the cut-off (JST, HH:MM). */
    priceLagDays: z.number().int(),
    buySettlementLagDays: z.number().int(),
    sellSettlementLagDays: z.number().int(),
    cutOffTime: z.string(),
    /** 決算: the months (1–12) and the day of the month (31 = the month's end); empty months: none stated. */
    settlement: z.object({ months: z.array(z.number().int()), day: z.number().int() }),
    /** Whether the fund offers the 再投資 course for its distributions. */
    reinvestmentOffered: z.boolean(),
    /** An announced 償還: its date and the last 申込日 that takes an order; null for a fund with no end. */
    redemption: z.object({ date: isoDate, lastOrderDate: isoDate }).nullable(),
  })
  .meta({ id: 'FundSummary' });
export type FundSummary = z.infer<typeof fundSummarySchema>;

export const fundsResponseSchema = z.object({ funds: z.array(fundSummarySchema) }).meta({ id: 'Funds' });
export type FundsResponse = z.infer<typeof fundsResponseSchema>;

export const prospectusSchema = z.object({
  version: z.number().int(),
  effectiveOn: isoDate,
  documentUrl: z.string(),
  /** Whether the caller has confirmed this version (a purchase needs it). */
  confirmed: z.boolean(),
  /**
   * The caller confirmed an earlier version but not this one: the prospectus was revised since they read
   * it (改訂), which the screens say, as against a first reading.
   */
  revisedSinceConfirmation: z.boolean(),
});

export const fundDetailSchema = z
  .object({
    fund: fundSummarySchema.extend({
      inceptionDate: isoDate,
      prospectus: prospectusSchema.nullable(),
    }),
  })
  .meta({ id: 'FundDetail' });
export type FundDetail = z.infer<typeof fundDetailSchema>;

/** `GET /v1/funds/{code}/navs?from&to`: default the last year up to today; at most `maxNavRangeDays`. */
export const navsQuerySchema = z.strictObject({ from: isoDate.optional(), to: isoDate.optional() });
export const navsResponseSchema = z
  .object({
    code: z.string(),
    from: isoDate,
    to: isoDate,
    navs: z.array(z.object({ date: isoDate, nav: decimal, cancellationPrice: decimal })),
  })
  .meta({ id: 'FundNavs' });
export type NavsResponse = z.infer<typeof navsResponseSchema>;

/** `POST /v1/funds/{code}/prospectusConfirmations` (Idempotency-Key required; no body). */
export const prospectusConfirmationResponseSchema = z
  .object({
    fundCode: z.string(),
    version: z.number().int(),
    confirmedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'ProspectusConfirmation' });
export type ProspectusConfirmationResponse = z.infer<typeof prospectusConfirmationResponseSchema>;
