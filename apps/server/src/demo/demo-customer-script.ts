import type { AccountType, IsoDate } from '@fund/domain';
import type { HistoryEngine } from './demo-history-engine.ts';

/** The shape of a demo customer's scripted past (the demo's own is demo-history-script.ts). */

export interface RecurringPlanScript {
  readonly fundCode: string;
  readonly accountType: AccountType;
  readonly amount: bigint;
  readonly paymentMethod: 'ACCOUNT_TRANSFER' | 'CREDIT_CARD';
  /** yyyy-mm of the first month bought. */
  readonly startMonth: string;
  /** The latest debit before today fails (残高不足), written as the debit step writes a failure. */
  readonly failsLatestDebit?: boolean;
}

export interface ScheduledSellScript {
  readonly fundCode: string;
  readonly type: 'AMOUNT' | 'QUANTITY' | 'RATE';
  readonly value: bigint;
  readonly frequency: 'MONTHLY' | 'ODD_MONTHLY';
  /** yyyy-mm of the first month it may sell in. */
  readonly startMonth: string;
}

export interface MonthlyDepositScript {
  readonly amount: bigint;
  readonly day: number;
  readonly startMonth: string;
}

/** What one customer did, by date; `run` uses the engine's helpers. */
export interface ScriptedEvent {
  readonly date: IsoDate;
  readonly run: (engine: HistoryEngine) => Promise<unknown>;
}

export interface CustomerScript {
  readonly accountNumber: string;
  readonly recurringPurchases?: readonly RecurringPlanScript[];
  readonly scheduledSells?: readonly ScheduledSellScript[];
  readonly monthlyDeposit?: MonthlyDepositScript;
  readonly events?: readonly ScriptedEvent[];
  /** Placed at `now` on today (left ORDERED, cancellable): the pending orders of the orders list. */
  readonly today?: (engine: HistoryEngine) => Promise<void>;
}
