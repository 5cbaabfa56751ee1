import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/*
 * A new PGlite cluster, kept once per machine and PGlite version: initdb, which every new embedded database
 * ran, takes 3–4 s on a two-core machine, and loading its result 0.8 s (decision 033). `npm install` writes
 * it (cli/prepare-embedded-database.ts, this package's postinstall); a database opened without it runs initdb as before. It holds
 * only what initdb makes (no table of ours), so a database made from it equals one initdb made.
 */

const require = createRequire(import.meta.url);

function pgliteVersion(): { version: string; packageDir: string } {
  // the package's entry is in its dist/ folder; its package.json is not among its exports
  const packageDir = dirname(dirname(require.resolve('@electric-sql/pglite')));
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return { version, packageDir };
}

/** node_modules/.cache/fund-pglite/cluster-<PGlite version>.tar (uncompressed: it loads faster), beside the installed packages. */
export function clusterTemplatePath(): string {
  const { version, packageDir } = pgliteVersion();
  // node_modules/@electric-sql/pglite → node_modules
  return join(packageDir, '..', '..', '.cache', 'fund-pglite', `cluster-${version}.tar`);
}

/** The kept cluster, or undefined when `npm install` has not written one for this PGlite version. */
export function readClusterTemplate(): Blob | undefined {
  const path = clusterTemplatePath();
  return existsSync(path) ? new Blob([readFileSync(path)]) : undefined;
}

/** Runs initdb once (an in-memory cluster) and keeps its data directory; written whole or not at all. */
export async function writeClusterTemplate(): Promise<string> {
  const path = clusterTemplatePath();
  const client = await PGlite.create('memory://');
  try {
    const tarball = await client.dumpDataDir('none');
    mkdirSync(dirname(path), { recursive: true });
    const partial = `${path}.${process.pid}.part`;
    writeFileSync(partial, new Uint8Array(await tarball.arrayBuffer()));
    renameSync(partial, path);
    return path;
  } finally {
    await client.close();
  }
}
