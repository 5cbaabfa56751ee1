// This package's postinstall, which `npm install` runs quietly after the packages are in: keeps a new
// PGlite cluster for the embedded database, so a new data directory is made from it in under a second
// instead of running initdb (3–4 s) at the first start (../pglite-cluster-template.ts, decision 033).
// A failure only means a new database runs initdb as before: it warns and never fails the install.
import { existsSync } from 'node:fs';
import { clusterTemplatePath, writeClusterTemplate } from '../pglite-cluster-template.ts';

try {
  if (!existsSync(clusterTemplatePath())) await writeClusterTemplate();
} catch (error) {
  console.warn(
    `Note: the embedded database's starting cluster was not prepared (${error instanceof Error ? error.message : String(error)}); a new embedded database runs initdb instead, a few seconds slower.`,
  );
}
