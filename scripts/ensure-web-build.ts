// Builds the web app when its bundle is missing or older than its sources, so that
// `npm install && npm start` serves the product on a fresh checkout without a separate build step,
// and a restart with an up-to-date bundle costs nothing.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'apps/web');
/** The index.html of each build variant (decision 024): customer in dist, admin and temporary in its folders. */
const builtIndexes = ['dist/index.html', 'dist/admin/index.html', 'dist/temporary/index.html'].map((file) =>
  join(web, file),
);
/** Everything the web bundle is made from: a change to any of these makes the bundle stale. */
const sources = [
  join(web, 'src'),
  join(web, 'index.html'),
  join(web, 'vite.config.ts'),
  join(web, 'build-variants.ts'),
  join(web, 'public'),
  join(root, 'packages/contracts/src'),
  join(root, 'packages/domain/src'),
];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestChange(join(path, entry))),
    stat.mtimeMs,
  );
}

// the oldest variant decides: a missing one (a dist built before the variants existed) means a build
const builtAt = Math.min(...builtIndexes.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
const changedAt = Math.max(...sources.map(newestChange));

if (builtAt >= changedAt) {
  console.log('Web app bundle is up to date.');
} else {
  console.log(builtAt === 0 ? 'Building the web app (first start)…' : 'Web app sources changed: rebuilding…');
  // always the production build: a caller's NODE_ENV (Vitest sets `test` for the browser tests' setup)
  // would make Vite bundle React's development build, with StrictMode's double effects
  const result = spawnSync('npm', ['run', 'build', '-w', '@fund/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
