import { DomainError } from '../errors/domain-error.ts';
import type { Yen } from './money.ts';

/** A customer's cash balance (預り金) never goes below zero: an order it cannot pay is refused. */
export class InsufficientCashError extends DomainError {
  override readonly name = 'InsufficientCashError';
  readonly code = 'insufficient-cash';

  readonly requested: Yen;
  readonly available: Yen;

  constructor(requested: Yen, available: Yen) {
    super(`Cannot pay ${requested} yen: ${available} yen available`);
    this.requested = requested;
    this.available = available;
  }
}

function assertNonNegative(amount: Yen): void {
  if (amount < 0n) throw new RangeError(`Cash movement must not be negative, got ${amount}`);
}

export function debitCash(balance: Yen, amount: Yen): Yen {
  assertNonNegative(amount);
  if (amount > balance) throw new InsufficientCashError(amount, balance);
  return (balance - amount) as Yen;
}

export function creditCash(balance: Yen, amount: Yen): Yen {
  assertNonNegative(amount);
  return (balance + amount) as Yen;
}
