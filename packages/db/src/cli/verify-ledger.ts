// npm run verify-ledger — checks the ledger invariants of DATABASE_URL or the PGlite data directory;
// exits 1 when any is violated.
import { openDatabase } from '../database.ts';
import { verifyLedger } from '../ledger/verify-ledger.ts';
import { databaseOptionsFromEnv } from './database-from-env.ts';

const { description, ...options } = databaseOptionsFromEnv();
const handle = await openDatabase(options);
try {
  const started = performance.now();
  const violations = await verifyLedger(handle);
  const elapsed = Math.round(performance.now() - started);
  if (violations.length === 0) {
    console.log(`Ledger of ${description} is consistent (${elapsed} ms).`);
  } else {
    console.error(`Ledger of ${description}: ${violations.length} violation(s) (${elapsed} ms):`);
    for (const violation of violations) console.error(`- [${violation.rule}] ${violation.message}`);
    process.exitCode = 1;
  }
} finally {
  await handle.close();
}
