import { cashflowTypeValues, tradeTypeValues } from '@fund/domain';
import { z } from 'zod';
import { isoDateSchema } from './request-limits.ts';
import { amountStringSchema, signedAmountStringSchema } from './plans.ts';

// 入出金履歴, 取引履歴 and NISA 利用状況 (spec §3, §7). Money and units are decimal strings (plans.ts).

const isoDate = isoDateSchema;
const pageSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,5}$/, '1 以上の整数を指定してください')
  .default('1');
const pageSizeSchema = z
  .string()
  .regex(/^(?:[1-9]|[1-9][0-9]|100)$/, '1〜100 の整数を指定してください')
  .default('20');

/** CashflowType of spec §3: 入金 or 出金 (@fund/domain). */
const cashflowTypeSchema = z.enum(cashflowTypeValues);

export const cashflowsQuerySchema = z.strictObject({
  from: isoDate.optional(),
  to: isoDate.optional(),
  type: cashflowTypeSchema.optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
});
export type CashflowsQuery = z.infer<typeof cashflowsQuerySchema>;

const pagingSchema = z.object({
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});

export const cashflowsSchema = z
  .object({
    cashflows: z.array(
      z.object({
        id: z.uuid(),
        type: cashflowTypeSchema,
        amount: amountStringSchema,
        occurredOn: isoDate,
        description: z.string(),
        /** Tax withheld from an incoming 分配金 or 償還金 (the amount is after it); "0" otherwise. */
        taxWithheld: amountStringSchema,
      }),
    ),
    paging: pagingSchema,
  })
  .meta({ id: 'Cashflows' });
export type Cashflows = z.infer<typeof cashflowsSchema>;

/** TradeType of spec §3 (@fund/domain): the history's filter; a trade itself is never ALL. */
export const tradeHistoryTypeSchema = z.enum(tradeTypeValues);

export const tradesQuerySchema = z.strictObject({
  type: tradeHistoryTypeSchema.default('ALL'),
  /** 受渡日 range (JST), both inclusive. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: pageSchema,
  pageSize: pageSizeSchema,
});
export type TradesQuery = z.infer<typeof tradesQuerySchema>;

export const tradesSchema = z
  .object({
    /** Newest 受渡日 first; ties by 約定日, creation and id, so pages never overlap. */
    trades: z.array(
      z.object({
        id: z.uuid(),
        type: tradeHistoryTypeSchema.exclude(['ALL']),
        side: z.enum(['BUY', 'SELL', 'IN', 'OUT']),
        accountType: z.string().nullable(),
        fund: z.object({ code: z.string(), name: z.string() }).nullable(),
        units: amountStringSchema.nullable(),
        pricePer10k: amountStringSchema.nullable(),
        amount: amountStringSchema,
        taxWithheld: signedAmountStringSchema,
        tradeDate: isoDate,
        settlementDate: isoDate,
      }),
    ),
    paging: pagingSchema,
  })
  .meta({ id: 'Trades' });
export type Trades = z.infer<typeof tradesSchema>;

export const nisaStatusQuerySchema = z.strictObject({
  year: z
    .string()
    .regex(/^20[2-9][0-9]$/, '2024 年以降の西暦 4 桁で指定してください')
    .refine((year) => Number(year) >= 2024, '2024 年以降の西暦 4 桁で指定してください')
    .optional(),
});
export type NisaStatusQuery = z.infer<typeof nisaStatusQuerySchema>;

const nisaBucketStatusSchema = z.object({
  /** 年間投資枠 */
  annualLimit: amountStringSchema,
  /** Used in the year (by 受渡日): settled purchases plus the holds of pending orders. */
  used: amountStringSchema,
  /** Of `used`, held by orders not settled yet. */
  pending: amountStringSchema,
  remaining: amountStringSchema,
});

/** `GET /v6/nisaStatusByYear?year=`: 2024 NISA use; a customer without a NISA account gets 400-666. */
export const nisaStatusByYearSchema = z
  .object({
    year: z.number().int(),
    tsumitate: nisaBucketStatusSchema,
    growth: nisaBucketStatusSchema,
    lifetime: z.object({
      /** 生涯非課税限度額 (簿価) 18,000,000 and of it growth 12,000,000. */
      limit: amountStringSchema,
      used: amountStringSchema,
      remaining: amountStringSchema,
      growthLimit: amountStringSchema,
      growthUsed: amountStringSchema,
      growthRemaining: amountStringSchema,
      /** Book value sold in `year`: it frees lifetime room from 1 January of the next year. */
      freedFromNextYear: amountStringSchema,
    }),
  })
  .meta({ id: 'NisaStatusByYear' });
export type NisaStatusByYear = z.infer<typeof nisaStatusByYearSchema>;

export { HistoryPath } from './paths.ts';
