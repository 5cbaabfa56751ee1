import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { customers } from './customers.ts';

/** 資産クラス: what the fund mainly invests in. */
export const fundAssetClass = pgEnum('fund_asset_class', ['EQUITY', 'BOND', 'BALANCED', 'REIT', 'COMMODITY']);
export type FundAssetClass = (typeof fundAssetClass.enumValues)[number];

/** 販売状況: ON_SALE = 販売中; SUSPENDED = 買付停止 (sells still accepted); REDEEMED = 償還済. */
export const fundSalesStatus = pgEnum('fund_sales_status', ['ON_SALE', 'SUSPENDED', 'REDEEMED']);
export type FundSalesStatus = (typeof fundSalesStatus.enumValues)[number];

/**
 * ファンド: the investment trusts on sale. Everything the order-date and pricing rules of @fund/domain need
 * (`FundTradingCalendar`, `cancellationPrice`) is a column here; the fund's own holidays are in
 * `fund_holidays`.
 */
export const funds = pgTable(
  'funds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 協会コード (ファンドコード): 8 characters, digits and capital letters. */
    code: varchar('code', { length: 8 }).notNull().unique(),
    /** 正式名称 */
    name: text('name').notNull(),
    /** 略称, for lists and narrow screens. */
    shortName: text('short_name').notNull(),
    /** 委託会社 (the management company). */
    managementCompany: text('management_company').notNull(),
    /** 設定日: the first NAV date. */
    inceptionDate: date('inception_date', { mode: 'string' }).notNull(),
    /** Business days from 申込日 to 約定日 (0 domestic, 1 foreign, 2 some funds of funds). */
    priceLagDays: smallint('price_lag_days').notNull(),
    /** Business days from 約定日 to 受渡日 for a buy (買付) and for a sell (解約). */
    buySettlementLagDays: smallint('buy_settlement_lag_days').notNull(),
    sellSettlementLagDays: smallint('sell_settlement_lag_days').notNull(),
    /** 受付締切時間 (JST); later orders count as the next business day's. */
    cutOffTime: time('cut_off_time').notNull().default('15:00:00'),
    /** 信託財産留保額 in basis points of the NAV (10 = 0.1%); 0 = none. */
    retentionFeeBasisPoints: integer('retention_fee_basis_points').notNull().default(0),
    /** NISA つみたて投資枠 eligible (対象商品). */
    tsumitateEligible: boolean('tsumitate_eligible').notNull(),
    /** NISA 成長投資枠 eligible. */
    growthEligible: boolean('growth_eligible').notNull(),
    /** リスク区分 1 (lowest) to 5 (highest). */
    riskLevel: smallint('risk_level').notNull(),
    assetClass: fundAssetClass('asset_class').notNull(),
    /** Invests abroad (foreign assets): prices later and closes on foreign-market holidays. */
    foreign: boolean('foreign').notNull(),
    salesStatus: fundSalesStatus('sales_status').notNull().default('ON_SALE'),
    /** 決算月 (1–12) and 決算日 (1–31, a shorter month's last day; the next business day if a holiday). */
    settlementMonths: smallint('settlement_months')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    settlementDay: smallint('settlement_day').notNull().default(31),
    /** Whether the fund offers the 再投資 course (分配金再投資コース); without it every holding receives. */
    reinvestmentOffered: boolean('reinvestment_offered').notNull().default(true),
    /** 償還日: the end of 信託期間 or an announced 繰上償還; null for an indefinite fund (無期限). */
    redemptionDate: date('redemption_date', { mode: 'string' }),
    /** 申込受付最終日 before the 償還: the last 申込日 that takes a new order or 積立. */
    lastOrderDate: date('last_order_date', { mode: 'string' }),
    ...timestamps,
  },
  (table) => [
    check('funds_code_format', sql`${table.code} ~ '^[0-9A-Z]{8}$'`),
    check('funds_price_lag_range', sql`${table.priceLagDays} BETWEEN 0 AND 5`),
    check(
      'funds_settlement_lag_range',
      sql`${table.buySettlementLagDays} BETWEEN 0 AND 10 AND ${table.sellSettlementLagDays} BETWEEN 0 AND 10`,
    ),
    check(
      'funds_retention_fee_range',
      sql`${table.retentionFeeBasisPoints} >= 0 AND ${table.retentionFeeBasisPoints} < 10000`,
    ),
    check('funds_risk_level_range', sql`${table.riskLevel} BETWEEN 1 AND 5`),
    check('funds_settlement_day_range', sql`${table.settlementDay} BETWEEN 1 AND 31`),
    check(
      'funds_last_order_before_redemption',
      sql`(${table.redemptionDate} IS NULL) = (${table.lastOrderDate} IS NULL) AND
        (${table.lastOrderDate} IS NULL OR ${table.lastOrderDate} < ${table.redemptionDate})`,
    ),
  ],
);

export type Fund = typeof funds.$inferSelect;
export type NewFund = typeof funds.$inferInsert;

/**
 * 交付目論見書: each version of a fund's prospectus. A purchase needs a confirmation of the version in force
 * on the order day (the highest version whose effective date has come); a revision must be confirmed again.
 */
export const fundProspectuses = pgTable(
  'fund_prospectuses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    version: integer('version').notNull(),
    /** 効力発生日 (JST date). */
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    documentUrl: text('document_url').notNull(),
    ...timestamps,
  },
  (table) => [
    unique('fund_prospectuses_fund_id_version_unique').on(table.fundId, table.version),
    unique('fund_prospectuses_fund_id_effective_on_unique').on(table.fundId, table.effectiveOn),
    check('fund_prospectuses_version_positive', sql`${table.version} >= 1`),
    check('fund_prospectuses_document_url_https', sql`${table.documentUrl} ~ '^https://'`),
  ],
);

export type FundProspectus = typeof fundProspectuses.$inferSelect;
export type NewFundProspectus = typeof fundProspectuses.$inferInsert;

/** 目論見書の確認: the customer confirmed having received this version of the fund's prospectus. */
export const prospectusConfirmations = pgTable(
  'prospectus_confirmations',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    fundId: uuid('fund_id').notNull(),
    version: integer('version').notNull(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.fundId, table.version] }),
    foreignKey({
      name: 'prospectus_confirmations_prospectus_fk',
      columns: [table.fundId, table.version],
      foreignColumns: [fundProspectuses.fundId, fundProspectuses.version],
    }),
  ],
);

export type ProspectusConfirmation = typeof prospectusConfirmations.$inferSelect;
export type NewProspectusConfirmation = typeof prospectusConfirmations.$inferInsert;

/** 基準価額: one NAV per fund and business day of the fund, in whole yen per 10,000 units. */
export const fundNavs = pgTable(
  'fund_navs',
  {
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    navDate: date('nav_date', { mode: 'string' }).notNull(),
    nav: bigint('nav', { mode: 'bigint' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.fundId, table.navDate] }),
    check('fund_navs_nav_positive', sql`${table.nav} > 0`),
  ],
);

export type FundNav = typeof fundNavs.$inferSelect;
export type NewFundNav = typeof fundNavs.$inferInsert;

/**
 * 海外休場日 etc.: the fund's own non-business days on top of the Japanese calendar (domain.md §2); no
 * order is priced on them. Feed them to `extraHolidaysOf` of @fund/domain.
 */
export const fundHolidays = pgTable(
  'fund_holidays',
  {
    fundId: uuid('fund_id')
      .notNull()
      .references(() => funds.id),
    holiday: date('holiday', { mode: 'string' }).notNull(),
    /** Why, e.g. `New York: Independence Day`. */
    reason: text('reason').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.fundId, table.holiday] }),
    index('fund_holidays_holiday_idx').on(table.holiday),
  ],
);

export type FundHoliday = typeof fundHolidays.$inferSelect;
export type NewFundHoliday = typeof fundHolidays.$inferInsert;
