import type { DatabaseExecutor } from '../database.ts';
import { cashflows, trades } from '../schema/index.ts';

export interface BankTransferInput {
  readonly customerId: string;
  /** deposit: from the customer's bank into the cash balance (入金); withdraw: paid out to it (出金). */
  readonly type: 'deposit' | 'withdraw';
  readonly amount: bigint;
  /** 入出金日 (JST). */
  readonly date: string;
  /** What the customer reads: 振込入金, 定額入金, 定期売却代金のお支払い, … */
  readonly description: string;
  readonly journalEntryId: string;
}

/**
 * Money moved between the customer's bank and the service: the 入出金履歴 row (cashflows) and the
 * CASH_TRANSFER trade of the 取引履歴 (IN for a deposit, OUT for a payout), so the trade history's
 * CASH_TRANSFER filter lists deposits and payouts (issue 13). Cash that moves inside the service (sale
 * proceeds into the cash balance) is a FUND trade, not a transfer, and is not written here.
 */
export async function recordBankTransfer(
  executor: DatabaseExecutor,
  input: BankTransferInput,
): Promise<void> {
  await executor.insert(cashflows).values({
    customerId: input.customerId,
    type: input.type,
    amount: input.amount,
    occurredOn: input.date,
    description: input.description,
    journalEntryId: input.journalEntryId,
  });
  await executor.insert(trades).values({
    customerId: input.customerId,
    journalEntryId: input.journalEntryId,
    type: 'CASH_TRANSFER',
    side: input.type === 'deposit' ? 'IN' : 'OUT',
    amount: input.amount,
    tradeDate: input.date,
    settlementDate: input.date,
  });
}
