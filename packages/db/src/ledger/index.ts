// The cash ledger and its invariant checker; re-exported by the package entry point.
export {
  balancedLines,
  credit,
  debit,
  postJournalEntry,
  UnbalancedJournalEntryError,
  type JournalEntryInput,
  type JournalLineInput,
} from './journal.ts';
export { ledgerRules, verifyLedger, type LedgerRule, type LedgerViolation } from './verify-ledger.ts';
export { recordBankTransfer, type BankTransferInput } from './bank-transfer.ts';
