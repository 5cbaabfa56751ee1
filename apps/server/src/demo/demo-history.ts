import type { IsoDate } from '@fund/domain';
import {
  advisoryLockKeys,
  batchStepRuns,
  customers,
  holdings,
  informations,
  monthlyDeposits,
  orders,
  recurringPurchases,
  scheduledSells,
  type DatabaseHandle,
  type Transaction,
} from '@fund/db';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { demoHistoryDocuments, issueDemoPeriodicDocuments } from './demo-documents.ts';
import type { CustomerScript } from './demo-customer-script.ts';
import { HistoryEngine } from './demo-history-engine.ts';
import { instantOn } from './demo-history-months.ts';
import { demoHistoryScripts } from './demo-history-script.ts';

/**
 * Demo customers with a past (domain.md §8, issue 5): NISA use across the years, sold holdings with tax
 * withheld and refunded, 積立 (one with a failed debit, one by card), a 定期売却 with payouts, 毎月の入金
 * and a pending order; what each shows is in docs/demo.md "Demo customers". Each settled trade has its
 * 取引報告書 (issued by the settlement step), and the main customer its periodic reports from the history
 * (demo-documents.ts).
 *
 * Written once per database, after `seedDemoData`, in ONE transaction: either the whole history or none
 * of it. A marker row (`batch_step_runs`, step `demo-history`) makes every later call a no-op; so does a
 * database whose demo customers already have orders, holdings or plans of their own (a database in use is
 * never rewritten). An advisory lock lets two processes starting together seed it only once.
 *
 * Fast: no day-by-day batch. Each scripted order is placed at its past `now`, and the batch's step
 * functions run per item on the few dates that matter (demo-history-engine.ts). The notices those steps
 * post are removed again: the demo's curated notices (demo-informations.ts) stay what the お知らせ screen
 * shows.
 */

export const demoHistoryMarkerStep = 'demo-history';

export interface DemoHistoryOptions {
  /** The seed's JST date: the history ends the day before; plans run month by month up to it. */
  readonly today: IsoDate;
  /** When today's pending orders are placed (the clock's now); default 10:00 JST of `today`. */
  readonly now?: Date;
  /** BATCH_PURCHASE_LAG_DAYS: business days from the 口座振替 to the 積立 order (default 2). */
  readonly purchaseLagBusinessDays?: number;
  /** The scripts to replay (tests only; default the demo's). */
  readonly scripts?: readonly CustomerScript[];
}

export type DemoHistoryReport =
  | { readonly seeded: true; readonly orders: number; readonly stepItems: number; readonly elapsedMs: number }
  | { readonly seeded: false; readonly reason: 'already-seeded' | 'no-demo-customers' | 'customers-in-use' };

async function customersInUse(tx: Transaction, ids: readonly string[]): Promise<boolean> {
  const [order] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(inArray(orders.customerId, ids))
    .limit(1);
  if (order !== undefined) return true;
  const [holding] = await tx
    .select({ id: holdings.customerId })
    .from(holdings)
    .where(inArray(holdings.customerId, ids))
    .limit(1);
  if (holding !== undefined) return true;
  for (const table of [recurringPurchases, scheduledSells, monthlyDeposits]) {
    const [plan] = await tx
      .select({ id: table.id })
      .from(table)
      .where(inArray(table.customerId, ids))
      .limit(1);
    if (plan !== undefined) return true;
  }
  return false;
}

export async function seedDemoHistory(
  database: DatabaseHandle,
  options: DemoHistoryOptions,
): Promise<DemoHistoryReport> {
  const started = performance.now();
  const scripts = options.scripts ?? demoHistoryScripts;
  return database.db.transaction(async (tx): Promise<DemoHistoryReport> => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${advisoryLockKeys.seedDemoHistory})`);
    const [marker] = await tx
      .select({ id: batchStepRuns.id })
      .from(batchStepRuns)
      .where(eq(batchStepRuns.step, demoHistoryMarkerStep))
      .limit(1);
    if (marker !== undefined) return { seeded: false, reason: 'already-seeded' };

    const accountNumbers = scripts.map((script) => script.accountNumber);
    const rows = await tx
      .select({ id: customers.id, accountNumber: customers.accountNumber })
      .from(customers)
      .where(and(inArray(customers.accountNumber, accountNumbers), eq(customers.equityStatus, 'OPEN')));
    if (rows.length !== new Set(accountNumbers).size) return { seeded: false, reason: 'no-demo-customers' };
    const ids = rows.map((row) => row.id);
    if (await customersInUse(tx, ids)) return { seeded: false, reason: 'customers-in-use' };

    const noticesBefore = (
      await tx.select({ id: informations.id }).from(informations).where(inArray(informations.customerId, ids))
    ).map((row) => row.id);

    const engine = new HistoryEngine(tx, {
      today: options.today,
      customerIds: new Map(rows.map((row) => [row.accountNumber, row.id])),
      purchaseLagBusinessDays: options.purchaseLagBusinessDays ?? 2,
    });
    await engine.replay(scripts, options.now ?? instantOn(options.today, 10));
    // the periodic reports from the data just written (the trade reports came with each settlement)
    if (options.scripts === undefined) {
      await issueDemoPeriodicDocuments(tx, options.today, demoHistoryDocuments);
    }

    // the batch steps' notices of the replayed past go again (the curated demo notices stay)
    await tx
      .delete(informations)
      .where(
        noticesBefore.length === 0
          ? inArray(informations.customerId, ids)
          : and(inArray(informations.customerId, ids), notInArray(informations.id, noticesBefore)),
      );

    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(orders)
      .where(inArray(orders.customerId, ids));
    await tx.insert(batchStepRuns).values({
      step: demoHistoryMarkerStep,
      businessDate: options.today,
      itemId: '-',
      status: 'SUCCEEDED',
      attempts: 1,
      finishedAt: new Date(),
    });
    return {
      seeded: true,
      orders: Number(count),
      stepItems: engine.stepItems,
      elapsedMs: Math.round(performance.now() - started),
    };
  });
}
