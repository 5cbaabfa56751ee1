import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { databaseOptionsFromEnv } from './database-from-env.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

describe('the db commands read the database settings as the server does', () => {
  it('resolves a relative PGLITE_DATA_DIR against the repository root, not the directory npm runs them in', () => {
    expect(databaseOptionsFromEnv({ PGLITE_DATA_DIR: '.data/other' }).dataDir).toBe(
      resolve(repoRoot, '.data/other'),
    );
  });

  it('keeps an absolute directory and memory:// as they are, and defaults to <repo>/.data/pglite', () => {
    expect(databaseOptionsFromEnv({ PGLITE_DATA_DIR: '/var/lib/fund' }).dataDir).toBe('/var/lib/fund');
    expect(databaseOptionsFromEnv({ PGLITE_DATA_DIR: 'memory://' }).dataDir).toBe('memory://');
    expect(databaseOptionsFromEnv({}).dataDir).toBe(resolve(repoRoot, '.data/pglite'));
  });

  it('chooses PostgreSQL when DATABASE_URL is set, and never prints its password', () => {
    const options = databaseOptionsFromEnv({
      DATABASE_URL: 'postgres://fund:secret@db.example.test:5432/fund',
      PGLITE_DATA_DIR: '.data/ignored',
    });
    expect(options.url).toBe('postgres://fund:secret@db.example.test:5432/fund');
    expect(options.dataDir).toBeUndefined();
    expect(options.description).not.toContain('secret');
  });
});
