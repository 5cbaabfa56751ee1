import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { nisaBucket } from './customer-accounts.ts';
import { customers } from './customers.ts';

/**
 * NISA利用額: the customer's 2024 NISA use per year and 枠, the `NisaUsage` ledgers of @fund/domain:
 * - `purchased`: book value (簿価) of NISA purchases whose 受渡日 falls in `year`, pending orders included
 *   (held from placing, taken back only when an order is cancelled). Never reduced by a sale: the annual
 *   limit is never restored, so the CHECK enforces it here.
 * - `freed`: book value of NISA holdings sold with 受渡日 in `year`; it frees lifetime room from 1 January
 *   of `year + 1`.
 * Lifetime use seen by a purchase settling in year Y = Σ purchased (year ≤ Y) − Σ freed (year < Y), at most
 * 18,000,000 in total and 12,000,000 in growth; the verifier checks those sums.
 */
export const nisaUsage = pgTable(
  'nisa_usage',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    year: smallint('year').notNull(),
    bucket: nisaBucket('bucket').notNull(),
    purchased: bigint('purchased', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    freed: bigint('freed', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.year, table.bucket] }),
    check('nisa_usage_from_2024', sql`${table.year} >= 2024`),
    check('nisa_usage_amounts_not_negative', sql`${table.purchased} >= 0 AND ${table.freed} >= 0`),
    check(
      'nisa_usage_annual_limit',
      sql`${table.purchased} <= CASE ${table.bucket} WHEN 'tsumitate' THEN 1200000 ELSE 2400000 END`,
    ),
  ],
);

export type NisaUsageRow = typeof nisaUsage.$inferSelect;
export type NewNisaUsageRow = typeof nisaUsage.$inferInsert;

/**
 * 年初来の譲渡損益 and withheld tax of the customer's specific account per calendar year, what
 * `withholdingForSale` of @fund/domain nets each sale against (a later loss refunds earlier tax).
 */
export const yearlyTaxStates = pgTable(
  'yearly_tax_states',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    year: smallint('year').notNull(),
    /** Realised gain minus loss so far this year (negative = net loss). */
    netGain: bigint('net_gain', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** 所得税及び復興特別所得税 and 住民税 withheld so far this year, net of refunds. */
    incomeTaxWithheld: bigint('income_tax_withheld', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    residentTaxWithheld: bigint('resident_tax_withheld', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.year] }),
    check(
      'yearly_tax_states_withheld_not_negative',
      sql`${table.incomeTaxWithheld} >= 0 AND ${table.residentTaxWithheld} >= 0`,
    ),
  ],
);

export type YearlyTaxState = typeof yearlyTaxStates.$inferSelect;
export type NewYearlyTaxState = typeof yearlyTaxStates.$inferInsert;
