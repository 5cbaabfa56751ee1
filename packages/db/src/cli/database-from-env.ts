import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseOptions } from '../database.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The PGlite data directory as the server's config reads PGLITE_DATA_DIR (apps/server/src/config): a
 * relative path against the repository root, whatever directory the command is started from (npm runs the
 * db workspace's scripts in packages/db), so the migrator, the seed and the server open the same folder.
 */
function pgliteDataDirOf(setting: string | undefined): string {
  const value = setting?.trim();
  if (value === undefined || value === '') return resolve(repoRoot, '.data', 'pglite');
  return value === 'memory://' ? value : resolve(repoRoot, value);
}

/** DATABASE_URL selects PostgreSQL; otherwise PGlite in PGLITE_DATA_DIR (default `<repo>/.data/pglite`). */
export function databaseOptionsFromEnv(
  env: Readonly<Record<string, string | undefined>> = process.env,
): DatabaseOptions & { description: string } {
  const url = env['DATABASE_URL']?.trim();
  if (url !== undefined && url !== '') {
    return { url, poolSize: 2, description: `PostgreSQL ${withoutPassword(url)}` };
  }
  const dataDir = pgliteDataDirOf(env['PGLITE_DATA_DIR']);
  return { dataDir, description: `PGlite ${dataDir}` };
}

function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(DATABASE_URL is not a valid URL)';
  }
}
