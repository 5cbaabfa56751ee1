import type { TimeOfDay } from '@fund/domain';
import type { Config } from '../config/config.ts';
import { demoDebitFailureRule, noDebitFailures } from './steps/recurring-debits.step.ts';
import type { DebitFailureRule } from './steps/recurring-debit-rules.ts';

/**
 * The settings the day's steps read, made once from the configuration (`batchSettingsOf`) and handed to
 * every step in its `StepContext`. A step that needs one more setting reads it here: the setting is added
 * to the batch configuration and to this object, and no caller of the batch changes.
 */
export interface BatchSettings {
  /** Add the deterministic demo NAVs up to the date (development and demos; never in production). */
  readonly demoPrices: boolean;
  /** The bank's answer to a 口座振替 (a simulator edge: the demo's `+debitfail` addresses, or none). */
  readonly debitFailureRule: DebitFailureRule;
  /** Business days from the debit date to the recurring purchase orders (BATCH_PURCHASE_LAG_DAYS). */
  readonly purchaseLagBusinessDays: number;
  /** The app's origin (PUBLIC_ORIGIN) for the links in the batch's mails; without it they name the screen. */
  readonly appOrigin?: string | undefined;
  /** BATCH_TIME (JST; default 18:00): when a date's batch is due, the time its writes carry afterwards. */
  readonly batchTime?: TimeOfDay | undefined;
}

/** The batch's settings as the server, its scheduler and the batch command all run it. */
export function batchSettingsOf(config: Pick<Config, 'batch' | 'publicOrigin'>): BatchSettings {
  return {
    demoPrices: config.batch.demo,
    debitFailureRule: config.batch.demo ? demoDebitFailureRule : noDebitFailures,
    purchaseLagBusinessDays: config.batch.purchaseLagDays,
    appOrigin: config.publicOrigin,
    batchTime: config.batch.time,
  };
}
