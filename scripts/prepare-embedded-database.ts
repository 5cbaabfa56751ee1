// `npm install`'s last step (postinstall): keeps a new PGlite cluster for the embedded database, so a new
// data directory is made from it in under a second instead of running initdb (3–4 s) at the first start
// (packages/db/src/pglite-cluster-template.ts, decision 033). Quiet when it works; a failure only means
// the first start runs initdb as before, so it warns in one line and never fails the install.
import { existsSync } from 'node:fs';
import { clusterTemplatePath, writeClusterTemplate } from '../packages/db/src/pglite-cluster-template.ts';

try {
  if (!existsSync(clusterTemplatePath())) await writeClusterTemplate();
} catch (error) {
  console.warn(
    `Note: the embedded database's starting cluster was not prepared (${error instanceof Error ? error.message : String(error)}); a new embedded database runs initdb instead, a few seconds slower.`,
  );
}
