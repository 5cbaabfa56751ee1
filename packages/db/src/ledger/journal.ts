import type { IsoDate } from '@fund/domain';
import type { DatabaseExecutor } from '../database.ts';
import { journalEntries, journalLines, type LedgerAccount } from '../schema/index.ts';

/** One debit or credit; build them with `debit` and `credit` rather than by sign. */
export interface JournalLineInput {
  readonly account: LedgerAccount;
  /** Required for customer_cash, customer_unsettled and points_receivable. */
  readonly customerId?: string | null | undefined;
  /** Positive = debit (借方), negative = credit (貸方). */
  readonly amount: bigint;
}

export interface JournalEntryInput {
  /** e.g. `deposit`, `buy.placed`, `buy.settled`, `sell.settled`, `order.canceled`. */
  readonly kind: string;
  readonly businessDate: IsoDate;
  readonly customerId?: string | null | undefined;
  readonly orderId?: string | null | undefined;
  readonly description?: string | null | undefined;
  readonly lines: readonly JournalLineInput[];
}

export class UnbalancedJournalEntryError extends Error {
  override readonly name = 'UnbalancedJournalEntryError';
}

function compare<T extends string | bigint>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A debit of `yen` (> 0) to `account`. */
export function debit(account: LedgerAccount, yen: bigint, customerId?: string | null): JournalLineInput {
  if (yen <= 0n) throw new RangeError(`A debit must be positive, got ${yen}`);
  return { account, customerId, amount: yen };
}

/** A credit of `yen` (> 0) to `account`. */
export function credit(account: LedgerAccount, yen: bigint, customerId?: string | null): JournalLineInput {
  if (yen <= 0n) throw new RangeError(`A credit must be positive, got ${yen}`);
  return { account, customerId, amount: -yen };
}

/**
 * The lines of an entry, checked (at least two, summing to zero) and in the fixed order every writer
 * inserts them in: the balance trigger also locks the balances in customer and account order, so two
 * entries touching the same balances wait for each other instead of deadlocking.
 */
export function balancedLines(entry: JournalEntryInput): JournalLineInput[] {
  if (entry.lines.length < 2)
    throw new UnbalancedJournalEntryError('A journal entry needs at least two lines.');
  const total = entry.lines.reduce((sum, line) => sum + line.amount, 0n);
  if (total !== 0n)
    throw new UnbalancedJournalEntryError(`Journal entry ${entry.kind} is off by ${total} yen.`);
  return [...entry.lines].sort(
    (a, b) =>
      compare(a.customerId ?? '', b.customerId ?? '') ||
      compare(a.account, b.account) ||
      compare(a.amount, b.amount),
  );
}

/**
 * Writes one journal entry and its lines, all lines in one INSERT: the database checks the balance again
 * at the end of that INSERT (a statement-level trigger, which needs an entry's lines in one statement) and
 * keeps `customer_balances`, whose CHECK refuses a customer cash balance below zero; call this inside the
 * transaction that also writes the order, so they commit or fail together.
 *
 * Typical entries (debit / credit):
 * - deposit:            bank_clearing / customer_cash
 * - withdrawal:         customer_cash / bank_clearing
 * - spot buy placed:    customer_cash (+ points_receivable for points) / customer_unsettled
 * - recurring debit:    bank_clearing / customer_unsettled
 * - buy cancelled:      the placing entry reversed
 * - buy settled:        customer_unsettled / fund_settlement
 * - sell settled:       fund_settlement / customer_cash + tax_withheld (a refund: tax_withheld / customer_cash)
 */
export async function postJournalEntry(
  executor: DatabaseExecutor,
  entry: JournalEntryInput,
): Promise<string> {
  const ordered = balancedLines(entry);
  const [inserted] = await executor
    .insert(journalEntries)
    .values({
      kind: entry.kind,
      businessDate: entry.businessDate,
      customerId: entry.customerId ?? null,
      orderId: entry.orderId ?? null,
      description: entry.description ?? null,
    })
    .returning({ id: journalEntries.id });
  const entryId = inserted!.id;
  await executor.insert(journalLines).values(
    ordered.map((line) => ({
      entryId,
      account: line.account,
      customerId: line.customerId ?? null,
      amount: line.amount,
    })),
  );
  return entryId;
}
