// What must hold after every business day of the model-based test, whatever the customers did.
import { holdings, verifyLedger, type DatabaseHandle } from '@fund/db';
import type { IsoDate } from '@fund/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import { positionKey } from '../../modules/assets/assets-valuation.ts';
import { replayHoldings } from '../../modules/assets/holding-replay.ts';
import { listPrincipalRepayments, listUnitTrades } from '../../modules/assets/holding-replay.repository.ts';

type Row = Record<string, unknown>;

async function rowsOf(handle: DatabaseHandle, query: SQL): Promise<Row[]> {
  return ((await handle.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

export class InvariantBroken extends Error {
  override readonly name = 'InvariantBroken';
}

function broken(date: IsoDate, what: string, rows: readonly unknown[]): never {
  const text = JSON.stringify(
    rows,
    (_key, value: unknown) => (typeof value === 'bigint' ? `${value}` : value),
    2,
  );
  throw new InvariantBroken(`${date}: ${what}\n${text.slice(0, 3_000)}`);
}

/**
 * Checks, after the batch of `date`:
 * - the ledger checker finds nothing (balanced entries, no negative cash, units or points, holdings equal
 *   their settled trades, NISA within every limit, no credit without a source);
 * - the batch finished the day: no item of any step left unfinished;
 * - each holding's 個別元本 and 簿価 are what its settled trades and 元本払戻金 replay to, as a past day's
 *   assets and the chart replay them (assets-valuation.ts);
 * - one order per idempotency key (the database's constraint, checked here so a dropped constraint shows);
 * - no bank debit (積立 by 口座振替, 毎月の入金) succeeded for a customer the model says had no registered
 *   bank account that day.
 */
export async function checkDay(
  handle: DatabaseHandle,
  date: IsoDate,
  customers: readonly string[],
  customersWithoutBankAccount: readonly string[],
): Promise<void> {
  const violations = await verifyLedger(handle);
  if (violations.length > 0) broken(date, 'the ledger checker found violations', violations);

  for (const customerId of customers) {
    const replayed = new Map<string, { basisPer10k: bigint; bookValue: bigint }>();
    const [trades, repayments, held] = await Promise.all([
      listUnitTrades(handle.db, customerId, date),
      listPrincipalRepayments(handle.db, customerId, date),
      handle.db.select().from(holdings).where(eq(holdings.customerId, customerId)),
    ]);
    for (const change of replayHoldings(trades, repayments)) {
      replayed.set(positionKey(change.accountType, change.fundId), change.position);
    }
    const differing = held.flatMap((holding) => {
      if (holding.units === 0n) return [];
      const replay = replayed.get(positionKey(holding.accountType, holding.fundId));
      return replay?.basisPer10k === holding.costBasisPer10k && replay.bookValue === holding.bookValue
        ? []
        : [{ ...holding, replayed: replay }];
    });
    if (differing.length > 0) {
      broken(date, 'a holding is not what its trades and distributions replay to', differing);
    }
  }

  const unfinished = await rowsOf(
    handle,
    sql`SELECT step, business_date::text AS date, item_id, status::text AS status, last_error
      FROM batch_step_runs WHERE status <> 'SUCCEEDED' ORDER BY business_date, step, item_id`,
  );
  if (unfinished.length > 0) broken(date, 'the batch left items unfinished', unfinished);

  const duplicated = await rowsOf(
    handle,
    sql`SELECT customer_id::text, idempotency_key, count(*)::int AS orders FROM orders
      GROUP BY customer_id, idempotency_key HAVING count(*) > 1`,
  );
  if (duplicated.length > 0) broken(date, 'two orders share an idempotency key', duplicated);

  if (customersWithoutBankAccount.length === 0) return;
  const ids = `{${customersWithoutBankAccount.join(',')}}`;
  const fromNowhere = await rowsOf(
    handle,
    sql`SELECT 'recurring' AS debit, p.customer_id::text, d.amount::text, d.payment_status::text AS status
        FROM recurring_debits d JOIN recurring_purchases p ON p.id = d.recurring_purchase_id
        WHERE d.debit_date = ${date}::date AND d.payment_status IN ('RECEIVED', 'SUCCESS')
          AND p.payment_method = 'ACCOUNT_TRANSFER'
          AND coalesce(p.pending_payment_method, 'ACCOUNT_TRANSFER') = 'ACCOUNT_TRANSFER'
          AND p.customer_id = ANY(${ids}::uuid[])
      UNION ALL
      SELECT 'monthly deposit', e.customer_id::text, '', ''
        FROM journal_entries e
        WHERE e.business_date = ${date}::date AND e.kind = 'deposit.monthly'
          AND e.customer_id = ANY(${ids}::uuid[])`,
  );
  if (fromNowhere.length > 0) {
    broken(date, 'a bank debit succeeded for a customer with no registered bank account', fromNowhere);
  }
}
