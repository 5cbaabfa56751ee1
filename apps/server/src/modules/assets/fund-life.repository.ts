import type { AccountType, DistributionCourse } from '@fund/domain';
import { distributionCourses, type DatabaseExecutor } from '@fund/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../shared/rows-of.repository.ts';

/**
 * Each holding the customer has (units, or a buy not settled yet) with its course and its distributions:
 * one statement.
 */
export async function holdingDistributions(db: DatabaseExecutor, customerId: string) {
  const rows = await rowsOf(
    db,
    sql`WITH held AS (
        SELECT customer_id, account_type, fund_id FROM holdings WHERE customer_id = ${customerId}::uuid AND units > 0
        UNION
        SELECT customer_id, account_type, fund_id FROM orders
        WHERE customer_id = ${customerId}::uuid AND status IN ('ORDERED', 'EXECUTED') AND channel IN ('BUY', 'TSUMITATE')
      ), paid AS (
        SELECT account_type, fund_id, sum(net) AS net, sum(reinvested_amount) AS reinvested,
          max(settlement_date) AS last_settlement
        FROM distribution_payments WHERE customer_id = ${customerId}::uuid GROUP BY account_type, fund_id
      )
      SELECT f.code, f.short_name, h.account_type::text AS account_type, f.reinvestment_offered,
        f.redemption_date::text AS redemption_date, f.last_order_date::text AS last_order_date,
        c.course::text AS course, coalesce(p.net, 0)::text AS net, coalesce(p.reinvested, 0)::text AS reinvested,
        l.settlement_date::text AS last_settlement, l.payment_date::text AS last_payment, l.net::text AS last_net
      FROM held h
        JOIN funds f ON f.id = h.fund_id
        LEFT JOIN ${distributionCourses} c ON c.customer_id = h.customer_id AND c.account_type = h.account_type
          AND c.fund_id = h.fund_id
        LEFT JOIN paid p ON p.account_type = h.account_type AND p.fund_id = h.fund_id
        LEFT JOIN distribution_payments l ON l.customer_id = h.customer_id AND l.account_type = h.account_type
          AND l.fund_id = h.fund_id AND l.settlement_date = p.last_settlement
      ORDER BY f.code, h.account_type`,
  );
  return rows.map((row) => ({
    fundCode: String(row.code),
    fundShortName: String(row.short_name),
    accountType: row.account_type as AccountType,
    reinvestmentOffered: row.reinvestment_offered === true,
    redemption:
      row.redemption_date == null
        ? null
        : { date: String(row.redemption_date), lastOrderDate: String(row.last_order_date) },
    chosenCourse: (row.course ?? undefined) as DistributionCourse | undefined,
    distributionsTotal: BigInt(String(row.net)),
    reinvestedTotal: BigInt(String(row.reinvested)),
    lastDistribution:
      row.last_settlement == null
        ? null
        : {
            settlementDate: String(row.last_settlement),
            paymentDate: String(row.last_payment),
            net: BigInt(String(row.last_net)),
          },
  }));
}

/** Whether the customer holds the fund in the account, or has a buy of it on its way. */
export async function holdsOrIsBuying(
  db: DatabaseExecutor,
  holding: { customerId: string; accountType: AccountType; fundId: string },
): Promise<boolean> {
  const rows = await rowsOf(
    db,
    sql`SELECT 1 FROM holdings WHERE customer_id = ${holding.customerId}::uuid
        AND account_type = ${holding.accountType} AND fund_id = ${holding.fundId}::uuid AND units > 0
      UNION ALL
      SELECT 1 FROM orders WHERE customer_id = ${holding.customerId}::uuid AND account_type = ${holding.accountType}
        AND fund_id = ${holding.fundId}::uuid AND status IN ('ORDERED', 'EXECUTED') AND channel IN ('BUY', 'TSUMITATE')
      LIMIT 1`,
  );
  return rows.length > 0;
}
