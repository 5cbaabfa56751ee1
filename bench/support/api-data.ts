// Data the API benchmark measures against, written set-based on top of the demo data (seedDemoData):
// - the assets customer: 10 years of monthly 積立 in the 5 demo funds, as the assets module reads them
//   (recurring_purchases, TSUMITATE orders COMPLETED, FUND BUY trades on the 受渡日, holdings);
// - buy customers: a specific account, the current prospectus of the buy fund confirmed, plenty of cash.
import { credit, debit, demoCustomerPasswordHash, postJournalEntry, type DatabaseHandle } from '@fund/db';
import { isoDate } from '@fund/domain';
import { sql } from 'drizzle-orm';
import { rowsOf } from './database.ts';

export const assetsAccountNumber = '8000001';
/** First month of the plans and number of months: 2016-12 to 2026-11, 120 months × 5 funds = 600 buys. */
const planStart = '2016-12-01';
const planMonths = 120;

async function insertCustomers(
  handle: DatabaseHandle,
  firstAccountNumber: number,
  count: number,
): Promise<{ id: string; accountNumber: string }[]> {
  const customers = await rowsOf<{ id: string; account_number: string }>(
    handle,
    sql`INSERT INTO customers (account_number, branch_code, last_name, first_name, last_name_kana,
        first_name_kana, account_role, equity_status, last_confirmed_on, birth_date, email)
      SELECT lpad((${firstAccountNumber}::int + n)::text, 7, '0'), '001', '負荷', '試験' || n, 'フカ', 'シケン',
        'ADULT', 'OPEN', '2026-10-01', '1980-04-01', 'bench-' || (${firstAccountNumber}::int + n) || '@example.jp'
      FROM generate_series(0, ${count - 1}::int) AS n
      RETURNING id, account_number`,
  );
  await handle.db.execute(sql`INSERT INTO customer_credentials (customer_id, password_hash)
    SELECT id, ${demoCustomerPasswordHash} FROM customers
    WHERE account_number BETWEEN ${String(firstAccountNumber).padStart(7, '0')}
      AND ${String(firstAccountNumber + count - 1).padStart(7, '0')}`);
  await handle.db.execute(sql`INSERT INTO customer_accounts (customer_id, account_type, opened_on)
    SELECT id, 'specific', '2016-11-01' FROM customers
    WHERE account_number BETWEEN ${String(firstAccountNumber).padStart(7, '0')}
      AND ${String(firstAccountNumber + count - 1).padStart(7, '0')}`);
  return customers
    .map((row) => ({ id: row.id, accountNumber: row.account_number }))
    .sort((a, b) => a.accountNumber.localeCompare(b.accountNumber));
}

export interface AssetsCustomer {
  readonly customerId: string;
  readonly accountNumber: string;
  readonly trades: number;
  readonly funds: number;
}

/** The customer of the assets budget: 10 years of monthly plans in the 5 demo funds. */
export async function seedAssetsCustomer(handle: DatabaseHandle): Promise<AssetsCustomer> {
  const [customer] = await insertCustomers(handle, Number(assetsAccountNumber), 1);
  const customerId = customer!.id;
  await handle.db.execute(sql`INSERT INTO recurring_purchases
      (customer_id, fund_id, account_type, amount, payment_method, start_month)
    SELECT ${customerId}::uuid, id, 'specific', 10000 * (row_number() OVER (ORDER BY code)), 'ACCOUNT_TRANSFER',
      ${planStart}::date
    FROM funds WHERE code IN ('DEMOF001', 'DEMOF002', 'DEMOF003', 'DEMOF004', 'DEMOF005')`);
  // one executed and settled TSUMITATE order per plan and month, priced at the NAV on or before the 29th
  await handle.db.execute(sql`INSERT INTO orders (customer_id, account_type, fund_id, channel, order_type,
      status, idempotency_key, requested_amount, executed_units, executed_amount, executed_nav, executed_price,
      payment_method, payment_status, application_date, trade_date, settlement_date, cancel_deadline,
      recurring_purchase_id, created_at, updated_at)
    SELECT p.customer_id, 'specific', p.fund_id, 'TSUMITATE', 'AMOUNT', 'COMPLETED',
      'tsumitate:' || p.id || ':' || to_char(p.month, 'YYYY-MM'), p.amount, p.amount * 10000 / p.nav, p.amount,
      p.nav, p.nav, 'ACCOUNT_TRANSFER', 'SUCCESS', p.month + 28, p.month + 28, p.month + 33,
      (p.month + 28)::timestamptz + interval '6 hours', p.id, (p.month + 28)::timestamptz,
      (p.month + 33)::timestamptz
    FROM (
      SELECT rp.id, rp.customer_id, rp.fund_id, rp.amount, m.month,
        coalesce((SELECT n.nav FROM fund_navs n WHERE n.fund_id = rp.fund_id AND n.nav_date <= m.month + 28
          ORDER BY n.nav_date DESC LIMIT 1), 10000) AS nav
      FROM recurring_purchases rp
      CROSS JOIN (SELECT (${planStart}::date + make_interval(months => k))::date AS month
        FROM generate_series(0, ${planMonths - 1}::int) AS k) AS m
      WHERE rp.customer_id = ${customerId}::uuid
    ) AS p`);
  await handle.db.execute(sql`INSERT INTO trades (customer_id, account_type, fund_id, order_id, type, side,
      units, price_per_10k, amount, trade_date, settlement_date, created_at, updated_at)
    SELECT customer_id, account_type, fund_id, id, 'FUND', 'BUY', executed_units, executed_price,
      executed_amount, trade_date, settlement_date, settlement_date::timestamptz, settlement_date::timestamptz
    FROM orders WHERE customer_id = ${customerId}::uuid`);
  await handle.db.execute(sql`INSERT INTO holdings (customer_id, account_type, fund_id, units, book_value,
      cost_basis_per_10k)
    SELECT customer_id, account_type, fund_id, sum(units), sum(amount),
      ceil(sum(amount) * 10000.0 / sum(units))::bigint
    FROM trades WHERE customer_id = ${customerId}::uuid GROUP BY customer_id, account_type, fund_id`);
  await handle.db.execute(sql`ANALYZE`);
  const [counts] = await rowsOf<{ trades: number; funds: number }>(
    handle,
    sql`SELECT count(*)::int AS trades, count(DISTINCT fund_id)::int AS funds FROM trades
      WHERE customer_id = ${customerId}::uuid`,
  );
  return { customerId, accountNumber: customer!.accountNumber, trades: counts!.trades, funds: counts!.funds };
}

export const buyFundCode = 'DEMOF003';
const firstBuyAccountNumber = 8_100_000;

/** `count` customers who may buy `buyFundCode` from their cash balance (10 billion yen each). */
export async function seedBuyCustomers(
  handle: DatabaseHandle,
  count: number,
): Promise<{ id: string; accountNumber: string }[]> {
  const customers = await insertCustomers(handle, firstBuyAccountNumber, count);
  await handle.db.execute(sql`INSERT INTO prospectus_confirmations (customer_id, fund_id, version)
    SELECT c.id, p.fund_id, p.version
    FROM customers c
    CROSS JOIN fund_prospectuses p JOIN funds f ON f.id = p.fund_id AND f.code = ${buyFundCode}
    WHERE c.account_number BETWEEN ${String(firstBuyAccountNumber).padStart(7, '0')}
      AND ${String(firstBuyAccountNumber + count - 1).padStart(7, '0')}`);
  // deposits through the ledger, as a bank transfer in would be (journal entry + balances)
  await handle.db.transaction(async (tx) => {
    for (const customer of customers) {
      await postJournalEntry(tx, {
        kind: 'deposit',
        businessDate: isoDate('2026-10-01'),
        customerId: customer.id,
        description: 'ベンチマーク用の入金',
        lines: [
          debit('bank_clearing', 10_000_000_000n),
          credit('customer_cash', 10_000_000_000n, customer.id),
        ],
      });
    }
  });
  await handle.db.execute(sql`ANALYZE`);
  return customers;
}
