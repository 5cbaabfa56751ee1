import type { PaymentStatusType } from '../enums/payment.ts';
import { defineStateMachine, type TransitionTable } from './state-machine.ts';

/**
 * Status of a recurring plan's monthly payment, for account transfer (口座振替) and card alike
 * (domain.md §2). It belongs to the plan and cycles once a month:
 * - NONE       no payment requested yet (a new plan);
 * - PROCESSING the debit is requested (card: 認証中, authorisation in progress);
 * - RECEIVED   the bank or card company accepted the request; the result is not in yet;
 * - SUCCESS    the money arrived; the purchase order follows;
 * - FAILURE    the debit or authorisation failed (no funds, card declined), at request or after receipt;
 * - RESET      the failed month has been closed off, so the next month starts clean.
 * A new month starts with PROCESSING from NONE, SUCCESS or RESET; a FAILURE must be RESET first, so a
 * failed month is never overwritten unseen by the next month's attempt.
 */
export const paymentStatusTransitions = {
  NONE: ['PROCESSING'],
  PROCESSING: ['RECEIVED', 'FAILURE'],
  RECEIVED: ['SUCCESS', 'FAILURE'],
  SUCCESS: ['PROCESSING'],
  FAILURE: ['RESET'],
  RESET: ['PROCESSING'],
} as const satisfies TransitionTable<PaymentStatusType>;

export const paymentStatusMachine = defineStateMachine<PaymentStatusType>(
  'PaymentStatusType',
  paymentStatusTransitions,
);
