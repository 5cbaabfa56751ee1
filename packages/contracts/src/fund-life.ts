import { accountTypeValues, distributionCourseValues } from '@fund/domain';
import { z } from 'zod';
import { isoDateSchema } from './request-limits.ts';
import { amountStringSchema, signedAmountStringSchema } from './plans.ts';

// A fund's life as the customer sees it (domain.md §9): each holding's distribution course (受取 / 再投資)
// with what it has paid, and the トータルリターン of every fund the customer has held. Money is decimal
// strings (plans.ts).

/** 分配金の受取方法: RECEIVE = 受取 (cash), REINVEST = 再投資 (units of the same fund). */
export const distributionCourseSchema = z.enum(distributionCourseValues);
export type DistributionCourseValue = z.infer<typeof distributionCourseSchema>;

const fundCodeSchema = z.string().regex(/^[0-9A-Z]{8}$/);

/** One holding's course and distributions (units > 0, or a buy on its way). */
export const holdingDistributionsSchema = z.object({
  fundCode: fundCodeSchema,
  fundShortName: z.string(),
  accountType: z.enum(accountTypeValues),
  course: distributionCourseSchema,
  /** Whether the fund offers 再投資; without it the course is always RECEIVE and cannot change. */
  reinvestmentOffered: z.boolean(),
  /** The fund's announced 償還 (end of 信託期間 or 繰上償還) and its last order date; null for none. */
  redemption: z.object({ date: isoDateSchema, lastOrderDate: isoDateSchema }).nullable(),
  /** 累計分配金: every distribution of the holding after tax, the reinvested ones included. */
  distributionsTotal: amountStringSchema,
  /** Of which reinvested. */
  reinvestedTotal: amountStringSchema,
  /** The last distribution paid, if any. */
  lastDistribution: z
    .object({ settlementDate: isoDateSchema, paymentDate: isoDateSchema, net: amountStringSchema })
    .nullable(),
});

export const holdingDistributionsListSchema = z
  .object({ holdings: z.array(holdingDistributionsSchema) })
  .meta({ id: 'HoldingDistributions' });
export type HoldingDistributionsList = z.infer<typeof holdingDistributionsListSchema>;
export type HoldingDistributions = z.infer<typeof holdingDistributionsSchema>;

/** `PUT /v1/distributionCourses`: a holding's course for the 決算 paid after the change. */
export const distributionCourseChangeSchema = z
  .strictObject({
    fundCode: fundCodeSchema,
    accountType: z.enum(accountTypeValues),
    course: distributionCourseSchema,
  })
  .meta({ id: 'DistributionCourseChange' });
export type DistributionCourseChange = z.infer<typeof distributionCourseChangeSchema>;

/** One fund's トータルリターン (JSDA): 評価金額 + 累計売付金額 + 累計受取分配金額 − 累計買付金額. */
export const fundTotalReturnSchema = z.object({
  fundCode: fundCodeSchema,
  fundName: z.string(),
  fundShortName: z.string(),
  /** Whether units are held today (a fund no longer held is listed apart). */
  held: z.boolean(),
  /** 評価金額 at today's 解約価額, the units of pending sells included. */
  valuation: amountStringSchema,
  /** 累計売付金額: sales and 償還 after the retention fee, before capital-gains tax. */
  sold: amountStringSchema,
  /** 累計受取分配金額 after tax, 元本払戻金 and reinvestments included. */
  distributions: amountStringSchema,
  distributionsReinvested: amountStringSchema,
  /** 累計買付金額 with fees, reinvestments included. */
  bought: amountStringSchema,
  boughtByReinvestment: amountStringSchema,
  totalReturn: signedAmountStringSchema,
});
export type FundTotalReturn = z.infer<typeof fundTotalReturnSchema>;

export const totalReturnsSchema = z
  .object({
    /** The date of the 評価金額 (today, Asia/Tokyo) and the NAV date it used is each fund's latest. */
    referenceDate: isoDateSchema,
    funds: z.array(fundTotalReturnSchema),
    total: fundTotalReturnSchema.pick({
      valuation: true,
      sold: true,
      distributions: true,
      distributionsReinvested: true,
      bought: true,
      boughtByReinvestment: true,
      totalReturn: true,
    }),
  })
  .meta({ id: 'TotalReturns' });
export type TotalReturns = z.infer<typeof totalReturnsSchema>;

export { FundLifePath } from './paths.ts';
