import { z } from 'zod';
import { isoDateSchema } from './request-limits.ts';
import { amountStringSchema, signedAmountStringSchema } from './plans.ts';

// 資産 (spec §9, domain.md §1): holdings valued at the 解約価額 (NAV − 信託財産留保額) of the reference
// date. Money and units are decimal strings (see plans.ts): nothing loses precision above 2^53.

const isoDate = isoDateSchema;

export const assetsQuerySchema = z.strictObject({
  /** Reference date (基準日), JST; today when absent. */
  date: isoDate.optional(),
});
export type AssetsQuery = z.infer<typeof assetsQuerySchema>;

const figuresSchema = z.object({
  /** 評価額: ⌊units × 解約価額 ÷ 10,000⌋ of the units shown. */
  value: amountStringSchema,
  /** 簿価 (取得価額) of the units shown: what they cost, less ⌊簿価 × units ÷ held⌋ for units sold or pending sale (bookValueShown of @fund/domain, the NISA usage's rule too). */
  bookValue: amountStringSchema,
  /** 評価損益 = value − bookValue. */
  gainLoss: signedAmountStringSchema,
  /** 前日比: the same units at this price minus at the previous NAV's price. */
  dayChange: signedAmountStringSchema,
});

export const assetHoldingSchema = figuresSchema
  .extend({
    accountType: z.string(),
    fund: z.object({ code: z.string(), name: z.string(), shortName: z.string() }),
    /** 保有口数 shown: settled units on the reference date minus units of pending sells. */
    units: amountStringSchema,
    /** Units held by sell orders not settled on the reference date (売却注文中), already deducted. */
    pendingSellUnits: amountStringSchema,
    /** Estimated value of `pendingSellUnits` at this holding's 解約価額 of the reference date: ⌊units × price ÷ 10,000⌋. */
    pendingSellValue: amountStringSchema,
    /** 個別元本 per 10,000 units. */
    costBasisPer10k: amountStringSchema,
    /** NAV date used (the latest on or before the reference date), its NAV and 解約価額. */
    navDate: isoDate.nullable(),
    nav: amountStringSchema.nullable(),
    cancellationPrice: amountStringSchema.nullable(),
    previousNavDate: isoDate.nullable(),
  })
  .meta({ id: 'AssetHolding' });
export type AssetHolding = z.infer<typeof assetHoldingSchema>;

export const assetsSchema = z
  .object({
    referenceDate: isoDate,
    holdings: z.array(assetHoldingSchema),
    /** Subtotals per account type, in the order of spec §3's AccountType. */
    byAccountType: z.array(figuresSchema.extend({ accountType: z.string() })),
    total: figuresSchema,
    /** お預り金 (cash balance), shown apart from the fund valuation. */
    cashBalance: amountStringSchema,
    /** 受渡待ち (domain.md §2): money in flight, counted in totalAssets so it never drops out. */
    inTransit: z.object({
      /** Buys whose cash has left お預り金 and whose units do not count yet (until 受渡日). */
      buys: amountStringSchema,
      /** Sells: before 約定日 the estimate of the deducted units (pendingSellValue), from 約定日 the net proceeds until they reach お預り金. */
      sells: amountStringSchema,
    }),
    /** 総資産 = total.value + cashBalance + inTransit.buys + inTransit.sells. */
    totalAssets: amountStringSchema,
  })
  .meta({ id: 'Assets' });
export type Assets = z.infer<typeof assetsSchema>;

export const assetHistoryQuerySchema = z.strictObject({
  from: isoDate.optional(),
  to: isoDate.optional(),
  interval: z.enum(['day', 'month']).default('day'),
});
export type AssetHistoryQuery = z.infer<typeof assetHistoryQuerySchema>;

export const assetHistorySchema = z
  .object({
    from: isoDate,
    to: isoDate,
    interval: z.enum(['day', 'month']),
    /** One point per calendar day (day) or per month end and `to` (month). */
    points: z.array(z.object({ date: isoDate, value: amountStringSchema, cost: amountStringSchema })),
  })
  .meta({ id: 'AssetHistory' });
export type AssetHistory = z.infer<typeof assetHistorySchema>;

export { AssetsPath } from './paths.ts';
