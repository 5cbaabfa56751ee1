import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../database.ts';
import {
  customers,
  deliveredDocuments,
  nisaRequests,
  type DeliveredDocumentKind,
  type NisaRequestKind,
  type NisaRequestStatus,
} from '../schema/index.ts';
import { demoCustomers, mainDemoAccountNumber } from './demo-customers.ts';

/**
 * Demo data behind the root shell's calls (spec §2, §4): the electronic trade reports the closed-account
 * screen links to (and the main customer's), a NISA application under review, and the identity-migration
 * dates of demo-customers.ts. Sign-in history is not seeded: real sign-ins create it (/v1/lastLogIn).
 */

export interface DemoDeliveredDocument {
  id: string;
  accountNumber: string;
  kind: DeliveredDocumentKind;
  title: string;
  /** 交付日 (JST). */
  issuedOn: string;
}

/** 口座番号 of the closed demo customer, whose closed-account screen links to these documents. */
export const closedDemoAccountNumber = '1000006';

export const demoDeliveredDocuments: readonly DemoDeliveredDocument[] = [
  {
    id: 'd0c00000-0000-4000-8000-000000000001',
    accountNumber: mainDemoAccountNumber,
    kind: 'TRADE_REPORT',
    title: '取引報告書（2026年11月13日約定分）',
    issuedOn: '2026-11-16',
  },
  {
    id: 'd0c00000-0000-4000-8000-000000000002',
    accountNumber: mainDemoAccountNumber,
    kind: 'TRADE_REPORT',
    title: '取引報告書（2026年10月15日約定分）',
    issuedOn: '2026-10-16',
  },
  {
    id: 'd0c00000-0000-4000-8000-000000000003',
    accountNumber: mainDemoAccountNumber,
    kind: 'BALANCE_REPORT',
    title: '取引残高報告書（2026年9月30日現在）',
    issuedOn: '2026-10-09',
  },
  {
    id: 'd0c00000-0000-4000-8000-000000000004',
    accountNumber: mainDemoAccountNumber,
    kind: 'ANNUAL_SPECIFIC_ACCOUNT_REPORT',
    title: '特定口座年間取引報告書（2025年分）',
    issuedOn: '2026-01-20',
  },
  {
    id: 'd0c00000-0000-4000-8000-000000000005',
    accountNumber: closedDemoAccountNumber,
    kind: 'TRADE_REPORT',
    title: '取引報告書（2026年3月10日約定分・全部解約）',
    issuedOn: '2026-03-11',
  },
  {
    id: 'd0c00000-0000-4000-8000-000000000006',
    accountNumber: closedDemoAccountNumber,
    kind: 'BALANCE_REPORT',
    title: '取引残高報告書（2026年3月31日現在）',
    issuedOn: '2026-04-10',
  },
  {
    id: 'd0c00000-0000-4000-8000-000000000007',
    accountNumber: closedDemoAccountNumber,
    kind: 'ANNUAL_SPECIFIC_ACCOUNT_REPORT',
    title: '特定口座年間取引報告書（2025年分）',
    issuedOn: '2026-01-20',
  },
];

export interface DemoNisaRequest {
  id: string;
  accountNumber: string;
  kind: NisaRequestKind;
  status: NisaRequestStatus;
  requestedAt: Date;
}

export const demoNisaRequests: readonly DemoNisaRequest[] = [
  {
    // an adult customer's NISA account opening, waiting for the tax office (/v6/nisaRequests lists it)
    id: '415a0000-0000-4000-8000-000000000001',
    accountNumber: '1000008',
    kind: 'OPEN',
    status: 'PENDING',
    requestedAt: new Date('2026-11-12T15:30:00+09:00'),
  },
];

function demoCustomerId(accountNumber: string): string {
  const customer = demoCustomers.find((candidate) => candidate.accountNumber === accountNumber);
  if (customer === undefined) throw new Error(`No demo customer with account number ${accountNumber}`);
  return customer.id;
}

/**
 * Inserts the documents and the NISA application and sets the identity-migration dates. Idempotent:
 * fixed ids, existing rows and dates already set (e.g. by a real migration) are left alone. Needs the
 * demo customers to exist.
 */
export async function seedDemoRootLoading(tx: Transaction): Promise<void> {
  await tx
    .insert(deliveredDocuments)
    .values(
      demoDeliveredDocuments.map(({ accountNumber, ...document }) => ({
        ...document,
        customerId: demoCustomerId(accountNumber),
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(nisaRequests)
    .values(
      demoNisaRequests.map(({ accountNumber, ...request }) => ({
        ...request,
        customerId: demoCustomerId(accountNumber),
        resolvedAt: null,
      })),
    )
    .onConflictDoNothing();
  for (const customer of demoCustomers) {
    if (customer.identityMigratedAt === null) continue;
    await tx
      .update(customers)
      .set({ identityMigratedAt: customer.identityMigratedAt })
      .where(and(eq(customers.id, customer.id), isNull(customers.identityMigratedAt)));
  }
}
