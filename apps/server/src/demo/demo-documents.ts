import { isoDate, type IsoDate } from '@fund/domain';
import { closedDemoAccountNumber, customers, mainDemoAccountNumber, type Transaction } from '@fund/db';
import { inArray } from 'drizzle-orm';
import {
  annualSpecificAccountReportTitle,
  balanceReportTitle,
  issueAnnualSpecificAccountReport,
  issueBalanceReport,
} from '../modules/documents/periodic-reports.ts';
import { hasDocument } from '../modules/documents/periodic-reports.repository.ts';

/**
 * The periodic 電子交付書面 of the demo customers before the seed's today, written from their data. The
 * 取引報告書 need nothing here: the history's settlements issued one per trade. The history replays past
 * dates without the batch's periodic-reports step, so its reports are issued here; the batch issues those
 * of later quarters (jobs/steps/periodic-reports.step.ts) and, like this, skips one the customer has. A
 * document dated on or after the seed's today is left out, like the history's future; one the customer
 * has already (same kind and title) is not issued again, so a start that repeats the call adds nothing.
 * - the main customer's come after the demo history (demo-history.ts, in its transaction): they report it;
 * - the closed customer (no history: it holds nothing) gets its own at start, right after the demo seed
 *   (main.ts), so the closed-account screen's link lists them from the first sign-in.
 */

export type DemoPeriodicDocument =
  | {
      readonly accountNumber: string;
      readonly kind: 'BALANCE_REPORT';
      readonly asOf: IsoDate;
      readonly issuedOn: IsoDate;
    }
  | {
      readonly accountNumber: string;
      readonly kind: 'ANNUAL_SPECIFIC_ACCOUNT_REPORT';
      readonly year: number;
      readonly issuedOn: IsoDate;
    };

/** Reports of the demo history, issued after it. */
export const demoHistoryDocuments: readonly DemoPeriodicDocument[] = [
  {
    accountNumber: mainDemoAccountNumber,
    kind: 'ANNUAL_SPECIFIC_ACCOUNT_REPORT',
    year: 2025,
    issuedOn: isoDate('2026-01-20'),
  },
  {
    accountNumber: mainDemoAccountNumber,
    kind: 'BALANCE_REPORT',
    asOf: isoDate('2026-09-30'),
    issuedOn: isoDate('2026-10-09'),
  },
];

/** Reports of the closed customer, who has no history: issued at start. */
export const closedCustomerDocuments: readonly DemoPeriodicDocument[] = [
  {
    accountNumber: closedDemoAccountNumber,
    kind: 'ANNUAL_SPECIFIC_ACCOUNT_REPORT',
    year: 2025,
    issuedOn: isoDate('2026-01-20'),
  },
  {
    accountNumber: closedDemoAccountNumber,
    kind: 'BALANCE_REPORT',
    asOf: isoDate('2026-03-31'),
    issuedOn: isoDate('2026-04-10'),
  },
];

function titleOf(document: DemoPeriodicDocument): string {
  return document.kind === 'BALANCE_REPORT'
    ? balanceReportTitle(document.asOf)
    : annualSpecificAccountReportTitle(document.year);
}

/**
 * Issues `documents` dated before `today`; a customer missing from the database is skipped, a document the
 * customer already has is not issued again.
 */
export async function issueDemoPeriodicDocuments(
  tx: Transaction,
  today: IsoDate,
  documents: readonly DemoPeriodicDocument[],
): Promise<number> {
  const rows = await tx
    .select({ id: customers.id, accountNumber: customers.accountNumber })
    .from(customers)
    .where(
      inArray(customers.accountNumber, [...new Set(documents.map((document) => document.accountNumber))]),
    );
  const ids = new Map(rows.map((row) => [row.accountNumber, row.id]));
  let issued = 0;
  for (const document of documents) {
    const customerId = ids.get(document.accountNumber);
    if (customerId === undefined || document.issuedOn >= today) continue;
    if (await hasDocument(tx, customerId, document.kind, titleOf(document))) continue;
    if (document.kind === 'BALANCE_REPORT') {
      await issueBalanceReport(tx, { customerId, asOf: document.asOf, issuedOn: document.issuedOn });
    } else {
      await issueAnnualSpecificAccountReport(tx, {
        customerId,
        year: document.year,
        issuedOn: document.issuedOn,
      });
    }
    issued += 1;
  }
  return issued;
}
