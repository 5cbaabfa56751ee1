// npm run batch -- --date YYYY-MM-DD [--until YYYY-MM-DD] [--workers N]
// Runs the business-day batch for the dates against the configured database (DATABASE_URL, else the PGlite
// data directory; stop the server first when on PGlite) and prints per-step counts. Failed items of
// earlier dates are retried first; a failed item never stops the dates (exit code 1 while any is open,
// or when the ledger check finds a violation). NAVs come in by the fund feed (`npm run feed:import`,
// docs/fund-feed.md); a fund's orders wait until its NAV of their 約定日 is in.
import { parseArgs } from 'node:util';
import { isIsoDate, jstDateOf, type IsoDate } from '@fund/domain';
import { migrateDatabase, verifyLedger } from '@fund/db';
import { commandConfig, databaseDescription, fail, openCommandDatabase } from '../operations/command-line.ts';
import { batchSettingsOf } from './batch-context.ts';
import { batchDatesRefusal } from './batch-date-guard.ts';
import { runBusinessDays } from './daily-batch.ts';
import { formatDayReport } from './day-report.ts';
import { advanceDemoClock } from './demo-clock.ts';

const { values } = parseArgs({
  options: {
    date: { type: 'string' },
    until: { type: 'string' },
    workers: { type: 'string' },
  },
  strict: true,
});

const config = commandConfig();
const date = (values.date ?? jstDateOf(new Date())) as IsoDate;
const until = (values.until ?? date) as IsoDate;
if (!isIsoDate(date) || !isIsoDate(until) || until < date) {
  fail('Usage: npm run batch -- --date YYYY-MM-DD [--until YYYY-MM-DD] [--workers N]');
}
const refusal = batchDatesRefusal(until, new Date(), config.isProduction);
if (refusal !== undefined) fail(refusal);
const workers = values.workers === undefined ? config.batch.workers : Number(values.workers);
if (!Number.isInteger(workers) || workers < 1 || workers > 32)
  fail('--workers must be a whole number from 1 to 32');

const description = databaseDescription(config);
const handle = await openCommandDatabase(config, workers + 1);
try {
  await migrateDatabase(handle);
  console.log(`Business-day batch on ${description}, ${date}${until === date ? '' : ` to ${until}`}:`);
  const reports = await runBusinessDays(handle, date, until, {
    ...batchSettingsOf(config),
    workers,
    onDay: (report) => console.log(formatDayReport(report)),
  });
  // a failed item never stops the run: every date ran for everyone else, so the demo clock moves on; the
  // exit code still says that items are waiting for the next run's retry
  const open = reports.at(-1)?.openFailures ?? [];
  if (open.length > 0) {
    process.exitCode = 1;
    console.log(
      `Finished ${date}${until === date ? '' : ` to ${until}`} with ${open.length} failed item(s) still open; the next run retries them.`,
    );
  }
  if (config.batch.demoClock) {
    await advanceDemoClock(handle, until);
    console.log(
      `Demo clock: at least ${until} ${String(config.batch.time.hour).padStart(2, '0')}:${String(config.batch.time.minute).padStart(2, '0')} JST.`,
    );
  }
  const violations = await verifyLedger(handle);
  if (violations.length > 0) {
    process.exitCode = 1;
    console.log(`Ledger: ${violations.length} violation(s):`);
    for (const violation of violations.slice(0, 20))
      console.log(`- [${violation.rule}] ${violation.message}`);
  } else {
    console.log('Ledger: consistent.');
  }
} finally {
  await handle.close();
}
