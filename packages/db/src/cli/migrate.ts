// npm run migrate -w @fund/db — applies pending migrations to DATABASE_URL or the PGlite data directory.
import { openDatabase } from '../database.ts';
import { runMigrations } from '../migrate.ts';
import { databaseOptionsFromEnv } from './database-from-env.ts';

const { description, ...options } = databaseOptionsFromEnv();
const started = performance.now();
const handle = await openDatabase(options);
try {
  const { appliedNow, total } = await runMigrations(handle);
  const elapsed = Math.round(performance.now() - started);
  console.log(
    appliedNow > 0
      ? `Applied ${appliedNow} migration(s) to ${description}; ${total} in total (${elapsed} ms).`
      : `${description} is up to date: ${total} migration(s) applied (${elapsed} ms).`,
  );
} finally {
  await handle.close();
}
