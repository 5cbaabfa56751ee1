// The browser tests run against the production build, as `npm start` serves it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { builtEntryScript } from './manifest.ts';
import { repoRoot } from './server.ts';

export default function buildWebApp(): void {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    throw new Error(
      `Chromium not found at ${chromium}: install it with 'apt-get install -y chromium' or set CHROMIUM_PATH.`,
    );
  }
  const result = spawnSync('node', ['scripts/ensure-web-build.ts'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('Building the web app failed');
  // React's development build says this on start; the production build has no such text
  if (builtEntryScript().includes('Download the React DevTools'))
    throw new Error('apps/web/dist holds a development build: rebuild it with `npm run build`');
}
