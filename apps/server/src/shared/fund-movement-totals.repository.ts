import type { DatabaseExecutor } from '@fund/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from './rows-of.repository.ts';

// The cumulative movements of トータルリターン (domain.md §9), read by the assets module's screen and call
// and by the year-end 取引残高報告書 (documents module), which must show the same figures.

/**
 * Per fund the customer has ever bought, up to a date (a report's; 受渡日 and 支払開始日 count): the settled
 * buys (累計買付金額, reinvestments included), the settled sales and 償還 before capital-gains tax
 * (累計売付金額: the trade's amount is after it), and the distributions after tax (累計受取分配金額) with the
 * reinvested part.
 */
export async function fundMovementTotals(db: DatabaseExecutor, customerId: string, upTo = '9999-12-31') {
  const rows = await rowsOf(
    db,
    sql`WITH traded AS (
        SELECT fund_id,
          sum(amount) FILTER (WHERE side = 'BUY') AS bought,
          sum(amount + tax_withheld) FILTER (WHERE side = 'SELL') AS sold
        FROM trades WHERE customer_id = ${customerId}::uuid AND type = 'FUND' AND settlement_date <= ${upTo}::date
        GROUP BY fund_id
      ), paid AS (
        SELECT fund_id, sum(net) AS net, sum(reinvested_amount) AS reinvested
        FROM distribution_payments WHERE customer_id = ${customerId}::uuid AND payment_date <= ${upTo}::date
        GROUP BY fund_id
      )
      SELECT f.id, f.code, f.name, f.short_name, coalesce(t.bought, 0)::text AS bought,
        coalesce(t.sold, 0)::text AS sold, coalesce(p.net, 0)::text AS distributions,
        coalesce(p.reinvested, 0)::text AS reinvested
      FROM traded t FULL JOIN paid p ON p.fund_id = t.fund_id
        JOIN funds f ON f.id = coalesce(t.fund_id, p.fund_id)
      ORDER BY f.code`,
  );
  return rows.map((row) => ({
    fundId: String(row.id),
    code: String(row.code),
    name: String(row.name),
    shortName: String(row.short_name),
    bought: BigInt(String(row.bought)),
    sold: BigInt(String(row.sold)),
    distributions: BigInt(String(row.distributions)),
    reinvested: BigInt(String(row.reinvested)),
  }));
}
