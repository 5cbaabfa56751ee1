import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../database.ts';
import { customers, nisaRequests, type NisaRequestKind, type NisaRequestStatus } from '../schema/index.ts';
import { demoCustomers } from './demo-customers.ts';

/**
 * Demo data behind the root shell's calls (spec §2, §4): a NISA application under review and the
 * identity-migration dates of demo-customers.ts. Sign-in history is not seeded: real sign-ins create it (/v1/lastLogIn).
 */

/**
 * 口座番号 of the closed demo customer, whose closed-account screen links to the 電子交付書面. No document
 * is seeded here: 取引報告書 are issued by the settlement of real trades (the demo history's included),
 * the periodic reports by apps/server/src/demo/demo-documents.ts from the data.
 */
export const closedDemoAccountNumber = '1000006';

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
 * Inserts the NISA application and sets the identity-migration dates. Idempotent:
 * fixed ids, existing rows and dates already set (e.g. by a real migration) are left alone. Needs the
 * demo customers to exist.
 */
export async function seedDemoRootLoading(tx: Transaction): Promise<void> {
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
