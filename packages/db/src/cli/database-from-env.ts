import { fileURLToPath } from 'node:url';
import type { DatabaseOptions } from '../database.ts';

/** `<repo root>/.data/pglite`, whatever directory the command is started from. */
const defaultPgliteDataDir = fileURLToPath(new URL('../../../../.data/pglite', import.meta.url));

/** DATABASE_URL selects PostgreSQL; otherwise PGlite in PGLITE_DATA_DIR (default `<repo>/.data/pglite`). */
export function databaseOptionsFromEnv(): DatabaseOptions & { description: string } {
  const url = process.env.DATABASE_URL?.trim();
  if (url !== undefined && url !== '') {
    return { url, poolSize: 2, description: `PostgreSQL ${withoutPassword(url)}` };
  }
  const dataDir = process.env.PGLITE_DATA_DIR?.trim() || defaultPgliteDataDir;
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
