// npm run feed:import -- <feed.json> [<feed.json> …]
// Imports fund feed documents (docs/fund-feed.md) into the configured database, migrated first so it
// works on an empty production database. Each file is checked whole and imported all or nothing; a
// refused file prints every problem and imports nothing (exit code 1). Importing a file again changes
// nothing. Audited as `command-line:<OS user>`.
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import { jstDateOf } from '@fund/domain';
import { migrateDatabase } from '@fund/db';
import { readDemoClockOffset } from '../../jobs/demo-clock.ts';
import {
  commandConfig,
  databaseDescription,
  fail,
  openCommandDatabase,
} from '../../operations/command-line.ts';
import { formatFeedProblems, formatFeedReport } from './fund-feed-report.ts';
import { FundFeedRefused, importFundFeed, parseFundFeed } from './fund-feed.service.ts';

const files = process.argv.slice(2);
if (files.length === 0 || files.some((file) => file.startsWith('-')))
  fail('Usage: npm run feed:import -- <feed.json> [<feed.json> …]');

const config = commandConfig();
const handle = await openCommandDatabase(config);
const sender = { actorId: `command-line:${userInfo().username}` };
try {
  await migrateDatabase(handle);
  // the business clock's date, as the server's: in development the demo clock may be ahead of the real one
  const offset = config.batch.demoClock ? await readDemoClockOffset(handle, config.batch.time) : 0;
  const today = jstDateOf(new Date(Date.now() + offset));
  for (const file of files) {
    let document: unknown;
    try {
      document = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      fail(
        `${file}: not a readable JSON document (${error instanceof Error ? error.message : String(error)})`,
      );
    }
    try {
      const report = await importFundFeed(handle.db, parseFundFeed(document), today, sender);
      console.log(`${file} → ${databaseDescription(config)}: ${formatFeedReport(report)}`);
    } catch (error) {
      if (!(error instanceof FundFeedRefused)) throw error;
      process.exitCode = 1;
      console.log(`${file}: REFUSED, nothing imported.\n${formatFeedProblems(error.problems)}`);
    }
  }
} finally {
  await handle.close();
}
