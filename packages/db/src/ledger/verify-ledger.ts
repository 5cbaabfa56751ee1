import { nisaLimits } from '@fund/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { DatabaseExecutor, DatabaseHandle } from '../database.ts';

/** The invariants the checker enforces; each violation names one. */
export const ledgerRules = [
  /** Every journal entry's lines sum to zero, and every entry has lines. */
  'journal-entry-balanced',
  /** No customer's cash (customer_cash) or committed cash (customer_unsettled) below zero. */
  'customer-balance-not-negative',
  /** customer_balances equals the sum of the journal lines (credits − debits). */
  'customer-balance-matches-lines',
  /** units ≥ reserved units ≥ 0 on every holding. */
  'holding-reserved-within-units',
  /** Reserved units equal the units reserved by the open (ORDERED, EXECUTED) sell orders. */
  'holding-reserved-matches-open-sells',
  /** Units equal the sum of the settled trades: FUND BUY − SELL, SHIP_RECEIPT IN − OUT. */
  'holding-units-match-trades',
  /** The point balance is never below zero, at any time, and equals the sum of the points ledger. */
  'points-balance-not-negative',
  'points-balance-matches-ledger',
  /** NISA: 1.2M つみたて / 2.4M 成長 per 受渡日 year; lifetime 簿価 ≤ 12M growth and ≤ 18M in total. */
  'nisa-annual-limit',
  'nisa-lifetime-limit',
  /** Settled (TRADED, COMPLETED) orders have their three dates and executed figures. */
  'settled-order-complete',
  /**
   * Every cash credit from outside the customer's own accounts has its source (decision 035): a 振込入金 or
   * 毎月の入金 recorded as a 入金 (the latter debited from a registered bank account), a 積立 debit from a
   * registered bank account or a card charge, points spent on a buy, a sale settled.
   */
  'cash-credit-has-source',
] as const;
export type LedgerRule = (typeof ledgerRules)[number];

export interface LedgerViolation {
  readonly rule: LedgerRule;
  readonly message: string;
  /** Ids and figures of the offending rows, as text. */
  readonly subject: Readonly<Record<string, string>>;
}

type Row = Record<string, unknown>;

async function rows(executor: DatabaseExecutor, query: SQL): Promise<Row[]> {
  const result = await executor.execute(query);
  return (result as unknown as { rows: Row[] }).rows;
}

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

function subjectOf(row: Row): Record<string, string> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, text(value)]));
}

interface Check {
  readonly rule: LedgerRule;
  readonly query: SQL;
  readonly message: (row: Row) => string;
}

const tsumitateAnnual = nisaLimits.annual.tsumitate.toString();
const growthAnnual = nisaLimits.annual.growth.toString();
const lifetime = nisaLimits.lifetime.toString();
const growthLifetime = nisaLimits.growthLifetime.toString();

// Every query returns only offending rows; figures are cast to text so PGlite and pg read them alike.
const checks: readonly Check[] = [
  {
    rule: 'journal-entry-balanced',
    query: sql`SELECT e.id AS entry_id, e.kind, coalesce(sum(l.amount), 0)::text AS total, count(l.id)::text AS lines
      FROM journal_entries e LEFT JOIN journal_lines l ON l.entry_id = e.id
      GROUP BY e.id, e.kind HAVING coalesce(sum(l.amount), 0) <> 0 OR count(l.id) = 0`,
    message: (row) =>
      row.lines === '0'
        ? `journal entry ${text(row.entry_id)} (${text(row.kind)}) has no lines`
        : `journal entry ${text(row.entry_id)} (${text(row.kind)}) does not balance: lines sum to ${text(row.total)}`,
  },
  {
    rule: 'customer-balance-not-negative',
    query: sql`SELECT customer_id, account::text, (-sum(amount))::text AS balance FROM journal_lines
      WHERE account IN ('customer_cash', 'customer_unsettled')
      GROUP BY customer_id, account HAVING -sum(amount) < 0`,
    message: (row) =>
      `customer ${text(row.customer_id)} has ${text(row.account)} of ${text(row.balance)} yen`,
  },
  {
    rule: 'customer-balance-matches-lines',
    query: sql`SELECT coalesce(b.customer_id, l.customer_id) AS customer_id, coalesce(b.account, l.account)::text AS account,
        coalesce(b.balance, 0)::text AS stored, coalesce(l.balance, 0)::text AS from_lines
      FROM customer_balances b FULL JOIN (
        SELECT customer_id, account, -sum(amount) AS balance FROM journal_lines
        WHERE account IN ('customer_cash', 'customer_unsettled') GROUP BY customer_id, account
      ) l ON l.customer_id = b.customer_id AND l.account = b.account
      WHERE coalesce(b.balance, 0) <> coalesce(l.balance, 0)`,
    message: (row) =>
      `customer ${text(row.customer_id)} ${text(row.account)} is stored as ${text(row.stored)} but the lines give ${text(row.from_lines)}`,
  },
  {
    rule: 'holding-reserved-within-units',
    query: sql`SELECT customer_id, account_type::text, fund_id, units::text, reserved_units::text FROM holdings
      WHERE reserved_units < 0 OR units < reserved_units OR units < 0`,
    message: (row) =>
      `holding ${text(row.customer_id)}/${text(row.account_type)}/${text(row.fund_id)} has ${text(row.units)} units and ${text(row.reserved_units)} reserved`,
  },
  {
    rule: 'holding-reserved-matches-open-sells',
    query: sql`SELECT coalesce(h.customer_id, o.customer_id) AS customer_id, coalesce(h.account_type, o.account_type)::text AS account_type,
        coalesce(h.fund_id, o.fund_id) AS fund_id, coalesce(h.reserved_units, 0)::text AS reserved,
        coalesce(o.reserved, 0)::text AS by_orders
      FROM holdings h FULL JOIN (
        SELECT customer_id, account_type, fund_id, sum(reserved_units) AS reserved FROM orders
        WHERE status IN ('ORDERED', 'EXECUTED') AND reserved_units > 0 GROUP BY customer_id, account_type, fund_id
      ) o ON o.customer_id = h.customer_id AND o.account_type = h.account_type AND o.fund_id = h.fund_id
      WHERE coalesce(h.reserved_units, 0) <> coalesce(o.reserved, 0)`,
    message: (row) =>
      `holding ${text(row.customer_id)}/${text(row.account_type)}/${text(row.fund_id)} reserves ${text(row.reserved)} units but its open sells reserve ${text(row.by_orders)}`,
  },
  {
    rule: 'holding-units-match-trades',
    query: sql`SELECT coalesce(h.customer_id, t.customer_id) AS customer_id, coalesce(h.account_type, t.account_type)::text AS account_type,
        coalesce(h.fund_id, t.fund_id) AS fund_id, coalesce(h.units, 0)::text AS units, coalesce(t.units, 0)::text AS by_trades
      FROM holdings h FULL JOIN (
        SELECT customer_id, account_type, fund_id,
          sum(CASE WHEN side IN ('BUY', 'IN') THEN units ELSE -units END) AS units
        FROM trades WHERE type IN ('FUND', 'SHIP_RECEIPT') GROUP BY customer_id, account_type, fund_id
      ) t ON t.customer_id = h.customer_id AND t.account_type = h.account_type AND t.fund_id = h.fund_id
      WHERE coalesce(h.units, 0) <> coalesce(t.units, 0)`,
    message: (row) =>
      `holding ${text(row.customer_id)}/${text(row.account_type)}/${text(row.fund_id)} has ${text(row.units)} units but its trades give ${text(row.by_trades)}`,
  },
  {
    rule: 'points-balance-not-negative',
    // the running balance in time order; rows of the same instant count together (RANGE frame)
    query: sql`SELECT customer_id, min(running)::text AS lowest FROM (
        SELECT customer_id, sum(points) OVER (PARTITION BY customer_id ORDER BY created_at) AS running FROM points_ledger
      ) r GROUP BY customer_id HAVING min(running) < 0
      UNION ALL SELECT customer_id, balance::text FROM point_balances WHERE balance < 0`,
    message: (row) => `customer ${text(row.customer_id)}'s point balance went down to ${text(row.lowest)}`,
  },
  {
    rule: 'points-balance-matches-ledger',
    query: sql`SELECT coalesce(b.customer_id, l.customer_id) AS customer_id, coalesce(b.balance, 0)::text AS stored,
        coalesce(l.balance, 0)::text AS from_ledger
      FROM point_balances b FULL JOIN (
        SELECT customer_id, sum(points) AS balance FROM points_ledger GROUP BY customer_id
      ) l ON l.customer_id = b.customer_id
      WHERE coalesce(b.balance, 0) <> coalesce(l.balance, 0)`,
    message: (row) =>
      `customer ${text(row.customer_id)}'s point balance is stored as ${text(row.stored)} but the ledger gives ${text(row.from_ledger)}`,
  },
  {
    rule: 'nisa-annual-limit',
    query: sql`SELECT customer_id, year::text, bucket::text, purchased::text FROM nisa_usage
      WHERE purchased > CASE bucket WHEN 'tsumitate' THEN ${sql.raw(tsumitateAnnual)} ELSE ${sql.raw(growthAnnual)} END`,
    message: (row) =>
      `customer ${text(row.customer_id)} used ${text(row.purchased)} yen of the ${text(row.bucket)} limit in ${text(row.year)}`,
  },
  {
    rule: 'nisa-lifetime-limit',
    // lifetime use seen in year Y: purchases settled up to Y minus sales settled before Y (domain nisaLifetimeUse)
    query: sql`SELECT y.customer_id, y.year::text,
        (sum(u.purchased) FILTER (WHERE u.year <= y.year) - coalesce(sum(u.freed) FILTER (WHERE u.year < y.year), 0))::text AS total,
        (coalesce(sum(u.purchased) FILTER (WHERE u.year <= y.year AND u.bucket = 'growth'), 0)
          - coalesce(sum(u.freed) FILTER (WHERE u.year < y.year AND u.bucket = 'growth'), 0))::text AS growth
      FROM (SELECT DISTINCT customer_id, year FROM nisa_usage) y
      JOIN nisa_usage u ON u.customer_id = y.customer_id
      GROUP BY y.customer_id, y.year
      HAVING sum(u.purchased) FILTER (WHERE u.year <= y.year) - coalesce(sum(u.freed) FILTER (WHERE u.year < y.year), 0) > ${sql.raw(lifetime)}
        OR coalesce(sum(u.purchased) FILTER (WHERE u.year <= y.year AND u.bucket = 'growth'), 0)
          - coalesce(sum(u.freed) FILTER (WHERE u.year < y.year AND u.bucket = 'growth'), 0) > ${sql.raw(growthLifetime)}`,
    message: (row) =>
      `customer ${text(row.customer_id)}'s lifetime NISA book value in ${text(row.year)} is ${text(row.total)} yen (growth ${text(row.growth)})`,
  },
  {
    rule: 'settled-order-complete',
    query: sql`SELECT id AS order_id, status::text FROM orders
      WHERE status IN ('TRADED', 'COMPLETED') AND (
        application_date IS NULL OR trade_date IS NULL OR settlement_date IS NULL
        OR executed_units IS NULL OR executed_units <= 0 OR executed_amount IS NULL
        OR executed_nav IS NULL OR executed_price IS NULL)`,
    message: (row) => `${text(row.status)} order ${text(row.order_id)} lacks a date or an executed figure`,
  },
];

/** Kinds of the 振込入金 entries: the customer's transfer in, recorded as a 入金 (cashflows) of the entry. */
const bankTransferInKinds = sql.raw(`'deposit', 'demo.deposit', 'demo.history-deposit'`);

// The per-entry credits to a customer (customer_cash and customer_unsettled together): moves between the
// customer's own accounts net to zero, so only money from outside the customer is left.
const entryCredits = sql`SELECT e.id AS entry_id, e.kind, e.business_date, e.order_id, l.customer_id,
    -sum(l.amount) AS amount
  FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id
  WHERE l.account IN ('customer_cash', 'customer_unsettled')
  GROUP BY e.id, e.kind, e.business_date, e.order_id, l.customer_id HAVING -sum(l.amount) > 0`;

/** A 入金 row (cashflows) of the entry, for the customer and the amount credited. */
const recordedDeposit = sql`EXISTS (SELECT 1 FROM cashflows f WHERE f.journal_entry_id = c.entry_id
  AND f.customer_id = c.customer_id AND f.type = 'deposit' AND f.amount = c.amount)`;
const bankAccountOf = (customer: SQL) =>
  sql`EXISTS (SELECT 1 FROM account_transfer_accounts a WHERE a.customer_id = ${customer})`;

// Source checks (decision 035). The bank account is proven by its row: a customer has at most one and the
// service cannot remove it (a change replaces it), so a debit from one that is not there was from nowhere.
const sourceChecks: readonly Check[] = [
  {
    rule: 'cash-credit-has-source',
    query: sql`SELECT c.entry_id, c.kind, c.business_date::text AS business_date, c.customer_id,
        c.amount::text AS amount
      FROM (${entryCredits}) c
      WHERE c.kind <> 'recurring.debit' AND NOT (
        (c.kind IN (${bankTransferInKinds}) AND ${recordedDeposit})
        OR (c.kind = 'deposit.monthly' AND ${recordedDeposit} AND ${bankAccountOf(sql`c.customer_id`)}
          AND EXISTS (SELECT 1 FROM monthly_deposits m WHERE m.customer_id = c.customer_id))
        OR (c.kind = 'buy.placed' AND EXISTS (SELECT 1 FROM orders o WHERE o.id = c.order_id
          AND o.customer_id = c.customer_id AND o.points_used > 0 AND o.points_value = c.amount))
        OR (c.kind = 'sell.settled' AND EXISTS (SELECT 1 FROM orders o WHERE o.id = c.order_id
          AND o.customer_id = c.customer_id AND o.channel IN ('SELL', 'SCHEDULEDSELL')
          AND o.status IN ('TRADED', 'COMPLETED')))
        OR (c.kind = 'distribution.paid' AND EXISTS (SELECT 1 FROM distribution_payments p
          WHERE p.journal_entry_id = c.entry_id AND p.customer_id = c.customer_id AND p.cash_paid = c.amount))
        OR (c.kind = 'redemption.paid' AND EXISTS (SELECT 1 FROM redemption_payments r
          WHERE r.journal_entry_id = c.entry_id AND r.customer_id = c.customer_id AND r.net = c.amount))
      )
      ORDER BY c.business_date, c.kind, c.entry_id`,
    message: (row) =>
      `journal entry ${text(row.entry_id)} (${text(row.kind)}, ${text(row.business_date)}) credits customer ${text(row.customer_id)} ${text(row.amount)} yen without a source`,
  },
  {
    rule: 'cash-credit-has-source',
    // a debit date's 積立 collections against the debits that collected money: not failed, or failed only
    // when its order was refused afterwards and the money went back to the cash balance ('買付不可: …',
    // recurring-order-refund.ts); a 口座振替 only from a registered bank account
    query: sql`SELECT c.customer_id, c.business_date::text AS business_date, c.amount::text AS amount,
        coalesce(s.amount, 0)::text AS sourced
      FROM (
        SELECT customer_id, business_date, sum(amount) AS amount FROM (${entryCredits}) e
        WHERE e.kind = 'recurring.debit' GROUP BY customer_id, business_date
      ) c LEFT JOIN (
        SELECT p.customer_id, d.debit_date, sum(d.amount) AS amount
        FROM recurring_debits d JOIN recurring_purchases p ON p.id = d.recurring_purchase_id
        WHERE (d.payment_status <> 'FAILURE' OR d.failure_reason LIKE '買付不可:%')
          AND (p.payment_method = 'CREDIT_CARD' OR ${bankAccountOf(sql`p.customer_id`)})
        GROUP BY p.customer_id, d.debit_date
      ) s ON s.customer_id = c.customer_id AND s.debit_date = c.business_date
      WHERE c.amount > coalesce(s.amount, 0)
      ORDER BY c.business_date, c.customer_id`,
    message: (row) =>
      `customer ${text(row.customer_id)} was credited ${text(row.amount)} yen of 積立 debits on ${text(row.business_date)} but only ${text(row.sourced)} yen was debited from a registered bank account or charged to a card`,
  },
];

/**
 * Checks the ledger invariants over the whole database and lists every violation (none = consistent).
 * Pass a transaction to check a consistent snapshot (REPEATABLE READ) or what a transaction has written.
 */
export async function verifyLedger(executor: DatabaseExecutor | DatabaseHandle): Promise<LedgerViolation[]> {
  const target = 'close' in executor && 'kind' in executor ? executor.db : executor;
  const violations: LedgerViolation[] = [];
  for (const check of [...checks, ...sourceChecks]) {
    for (const row of await rows(target, check.query)) {
      violations.push({ rule: check.rule, message: check.message(row), subject: subjectOf(row) });
    }
  }
  return violations;
}
