import { isoDate, jstDateOf, type AccountType, type IsoDate } from '@fund/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { Transaction } from '../database.ts';
import { credit, debit, postJournalEntry } from '../ledger/journal.ts';
import { recordBankTransfer } from '../ledger/bank-transfer.ts';
import {
  customerAccounts,
  fundProspectuses,
  funds,
  journalEntries,
  prospectusConfirmations,
  type AccountRole,
} from '../schema/index.ts';
import { demoCustomers, mainDemoAccountNumber } from './demo-customers.ts';
import { revisedSinceMainConfirmedCodes } from './demo-funds.ts';

/**
 * Trading accounts of the demo customers whose securities account is OPEN (issue 5):
 * - 取引口座 by role: ADULT specific, general and the 2024 NISA's two 枠 (not 1000008, whose NISA application
 *   is pending); CORPORATION general only (no
 *   特定口座, no NISA); CHILD specific and general; JUNIOR_NISA junior_nisa and specific;
 * - an opening cash deposit (振込入金) through the ledger (bank_clearing / customer_cash) with its cashflow row:
 *   3,000,000 yen for the main customer, less for the others;
 * - the main customer's prospectus confirmations of every fund except DEMOF002, so the purchase block for
 *   an unconfirmed prospectus can be shown with that fund, and except the latest version of a fund revised
 *   since (DEMOF004), so a revised prospectus awaits their confirmation.
 * Idempotent: accounts and confirmations insert-or-skip; the deposit is posted only when the customer has
 * no `demo.deposit` entry yet.
 */

export const demoAccountTypesByRole: Readonly<Record<AccountRole, readonly AccountType[]>> = {
  ADULT: ['specific', 'general', 'nisa2_tsumitate', 'nisa2_growth'],
  CORPORATION: ['general'],
  CHILD: ['specific', 'general'],
  JUNIOR_NISA: ['junior_nisa', 'specific'],
};

/** 1000008's NISA account opening is still under review (demo-root-loading.ts): no NISA accounts yet. */
const awaitingNisa = new Set(['1000008']);

function accountTypesOf(accountNumber: string, role: AccountRole): readonly AccountType[] {
  const types = demoAccountTypesByRole[role];
  return awaitingNisa.has(accountNumber)
    ? types.filter((type) => type !== 'nisa2_tsumitate' && type !== 'nisa2_growth')
    : types;
}

/** The opening deposit of each OPEN demo customer (whole yen). */
export function demoOpeningDeposit(accountNumber: string): bigint {
  if (accountNumber === mainDemoAccountNumber) return 3_000_000n;
  if (accountNumber === '1000002') return 1_000_000n;
  return 300_000n;
}

/** The fund whose prospectus the main customer has not confirmed (demonstrates the purchase block). */
export const unconfirmedDemoFundCode = 'DEMOF002';

const depositKind = 'demo.deposit';
const depositDate = isoDate('2026-10-01');

function openedOn(accountType: AccountType): IsoDate {
  if (accountType === 'nisa2_tsumitate' || accountType === 'nisa2_growth') return isoDate('2024-01-04');
  if (accountType === 'junior_nisa') return isoDate('2016-04-01');
  return isoDate('2020-04-01');
}

export async function seedDemoTradingAccounts(
  tx: Transaction,
  today: IsoDate = jstDateOf(new Date()),
): Promise<void> {
  const open = demoCustomers.filter((customer) => customer.equityStatus === 'OPEN');
  for (const customer of open) {
    await tx
      .insert(customerAccounts)
      .values(
        accountTypesOf(customer.accountNumber, customer.role).map((accountType) => ({
          customerId: customer.id,
          accountType,
          openedOn: openedOn(accountType),
        })),
      )
      .onConflictDoNothing();
  }

  const deposited = new Set(
    (
      await tx
        .select({ customerId: journalEntries.customerId })
        .from(journalEntries)
        .where(
          and(
            eq(journalEntries.kind, depositKind),
            inArray(
              journalEntries.customerId,
              open.map((customer) => customer.id),
            ),
          ),
        )
    ).map((row) => row.customerId),
  );
  for (const customer of open) {
    if (deposited.has(customer.id)) continue;
    const amount = demoOpeningDeposit(customer.accountNumber);
    const entryId = await postJournalEntry(tx, {
      kind: depositKind,
      businessDate: depositDate,
      customerId: customer.id,
      description: 'デモ用の初期入金（振込入金）',
      lines: [debit('bank_clearing', amount), credit('customer_cash', amount, customer.id)],
    });
    await recordBankTransfer(tx, {
      customerId: customer.id,
      type: 'deposit',
      amount,
      date: depositDate,
      description: '振込入金',
      journalEntryId: entryId,
    });
  }

  const main = demoCustomers.find((customer) => customer.accountNumber === mainDemoAccountNumber);
  if (main === undefined) return;
  const versions = await tx
    .select({
      fundId: fundProspectuses.fundId,
      version: fundProspectuses.version,
      effectiveOn: fundProspectuses.effectiveOn,
      code: funds.code,
    })
    .from(fundProspectuses)
    .innerJoin(funds, eq(funds.id, fundProspectuses.fundId));
  const latestVersion = new Map<string, number>();
  for (const row of versions) {
    latestVersion.set(row.code, Math.max(row.version, latestVersion.get(row.code) ?? 0));
  }
  const revisedSince = (row: (typeof versions)[number]) =>
    revisedSinceMainConfirmedCodes.includes(row.code) && row.version === latestVersion.get(row.code);
  const toConfirm = versions.filter(
    (row) => row.effectiveOn <= today && row.code !== unconfirmedDemoFundCode && !revisedSince(row),
  );
  if (toConfirm.length > 0) {
    await tx
      .insert(prospectusConfirmations)
      .values(
        toConfirm.map((row) => ({
          customerId: main.id,
          fundId: row.fundId,
          version: row.version,
          confirmedAt: new Date('2026-10-01T10:00:00+09:00'),
        })),
      )
      .onConflictDoNothing();
  }
}
