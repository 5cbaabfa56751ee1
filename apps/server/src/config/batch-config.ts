import { z } from 'zod';
import { countSetting, switchSetting, type ConfigIssue, type ConfigVariable } from './config-settings.ts';
import type { NodeEnvironment } from './server-config.ts';

/** The business-day batch: its scheduler, timing and workers, and the demo data and clock. */

export interface BatchConfig {
  /** Whether this process runs the daily batch after `time` and catches up missed days at start. */
  readonly scheduler: boolean;
  /** JST time of day after which the day's batch runs (after the fund companies publish the NAVs). */
  readonly time: { readonly hour: number; readonly minute: number };
  /** Business days from a recurring debit to its purchase orders. */
  readonly purchaseLagDays: number;
  /** Claim loops per process (PostgreSQL; PGlite always runs one). */
  readonly workers: number;
  /** Demo NAVs and the demo debit-failure rule (`+debitfail` e-mail addresses); never in production. */
  readonly demo: boolean;
  /** The server's clock follows the demo clock moved forward by `npm run batch -- --date`; never in production. */
  readonly demoClock: boolean;
}

export const batchVariables = [
  {
    name: 'BATCH_SCHEDULER',
    default: '`on` (`off` in tests)',
    description:
      'Run the business-day batch in this server process: once a day after `BATCH_TIME` (JST), and at start for every day missed since the last run. Any number of processes may run it (work is claimed with `FOR UPDATE SKIP LOCKED`).',
  },
  {
    name: 'BATCH_TIME',
    default: '18:00',
    description:
      'JST time of day (`HH:MM`) after which the scheduler runs the day’s batch, once the NAVs are published.',
  },
  {
    name: 'BATCH_PURCHASE_LAG_DAYS',
    default: '2',
    description:
      'Business days from the recurring debit (the 27th or the next business day) to the recurring purchase orders (0-10).',
  },
  {
    name: 'BATCH_WORKERS',
    default: '2',
    description:
      'Concurrent claim loops per process running the batch on PostgreSQL (1-32), one connection each; PGlite always runs one.',
  },
  {
    name: 'BATCH_DEMO',
    default: '`true` (`false` in production)',
    description:
      'Demo batch data: the deterministic demo NAVs are added for each batch date, and debits of customers whose e-mail contains `+debitfail` fail (残高不足). `true` is refused when `NODE_ENV=production`.',
  },
  {
    name: 'DEMO_CLOCK',
    default: '`true` in development, else `false`',
    description:
      'The server’s business clock follows the demo clock: `npm run batch -- --date YYYY-MM-DD` moves it forward to 18:00 JST of that date (it never goes back). `true` is refused when `NODE_ENV=production`.',
  },
] as const satisfies readonly ConfigVariable[];

const timeOfDaySetting = z.string().transform((value, context) => {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  const hour = Number(match?.[1] ?? Number.NaN);
  const minute = Number(match?.[2] ?? Number.NaN);
  if (!(hour >= 0 && hour <= 23 && minute >= 0 && minute <= 59)) {
    context.addIssue({ code: 'custom', message: `must be a time of day HH:MM (JST), got "${value}"` });
    return z.NEVER;
  }
  return { hour, minute };
});

export const batchEnvironment = z.object({
  BATCH_SCHEDULER: switchSetting.optional(),
  BATCH_TIME: timeOfDaySetting.optional(),
  BATCH_PURCHASE_LAG_DAYS: countSetting(0, 10).optional(),
  BATCH_WORKERS: countSetting(1, 32).optional(),
  BATCH_DEMO: switchSetting.optional(),
  DEMO_CLOCK: switchSetting.optional(),
} satisfies Record<(typeof batchVariables)[number]['name'], z.ZodType>);

/** What NODE_ENV=production refuses of the batch: demo data and the demo clock. */
export function batchIssues(
  variables: z.infer<typeof batchEnvironment>,
  isProduction: boolean,
): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  if (isProduction && variables.BATCH_DEMO === true) {
    issues.push({
      variable: 'BATCH_DEMO',
      message:
        'demo NAVs and demo debit failures must not be used when NODE_ENV=production; unset it or set it to false',
    });
  }
  if (isProduction && variables.DEMO_CLOCK === true) {
    issues.push({
      variable: 'DEMO_CLOCK',
      message:
        'the demo clock must not move the business date when NODE_ENV=production; unset it or set it to false',
    });
  }
  return issues;
}

export function batchConfig(
  variables: z.infer<typeof batchEnvironment>,
  nodeEnv: NodeEnvironment,
  isProduction: boolean,
): BatchConfig {
  return {
    scheduler: variables.BATCH_SCHEDULER ?? nodeEnv !== 'test',
    time: variables.BATCH_TIME ?? { hour: 18, minute: 0 },
    purchaseLagDays: variables.BATCH_PURCHASE_LAG_DAYS ?? 2,
    workers: variables.BATCH_WORKERS ?? 2,
    demo: variables.BATCH_DEMO ?? !isProduction,
    demoClock: variables.DEMO_CLOCK ?? nodeEnv === 'development',
  };
}
