// The web app's build as `npm start` needs it: whether the bundle in apps/web/dist is older than its
// sources, and a build that puts each variant (decision 024) in place whole when it is done, so the server,
// started beside it, never serves a half-written directory (decision 033).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const web = join(root, 'apps/web');
const dist = join(web, 'dist');
/**
 * Where a variant is written before it is moved into dist: ignored by git, lint and format, on the same
 * disk; one directory per process, so two starts at once do not write into each other's build.
 */
const buildingRoot = join(root, 'node_modules/.cache/fund-web-build');
const buildingDir = join(buildingRoot, String(process.pid));

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What builds stopped midway (a start ended during its build) left behind. */
function removeAbandonedBuilds(): void {
  if (!existsSync(buildingRoot)) return;
  for (const pid of readdirSync(buildingRoot).filter((entry) => !isRunning(Number(entry))))
    rmSync(join(buildingRoot, pid), { recursive: true, force: true });
}

/**
 * The build variants in the order they are built: the customer app first (the first page), then the
 * operator console and the temporary build in their folders of dist (`vite build --mode <mode>`).
 */
const variants = [
  { mode: 'production', dir: dist },
  { mode: 'admin', dir: join(dist, 'admin') },
  { mode: 'temporary', dir: join(dist, 'temporary') },
] as const;

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

/** `missing`: no complete build (a fresh checkout, or one interrupted); `stale`: older than its sources. */
export function webBuildState(): 'current' | 'missing' | 'stale' {
  // the oldest variant decides: a missing one (a build interrupted, or made before the variants) means a build
  const builtAt = Math.min(
    ...variants
      .map(({ dir }) => join(dir, 'index.html'))
      .map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)),
  );
  if (builtAt === 0) return 'missing';
  return builtAt >= Math.max(...sources.map(newestChange)) ? 'current' : 'stale';
}

function viteBuild(mode: string, outDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // this Node (the project's, decision 001), not whichever `node` the PATH finds first
    const vite = spawn(
      process.execPath,
      [
        join(root, 'node_modules/vite/bin/vite.js'),
        'build',
        '--mode',
        mode,
        '--outDir',
        outDir,
        '--logLevel',
        'warn',
      ],
      {
        cwd: web,
        stdio: 'inherit',
        // always the production build: a caller's NODE_ENV (Vitest sets `test` for the browser tests' setup)
        // would make Vite bundle React's development build, with StrictMode's double effects
        env: { ...process.env, NODE_ENV: 'production' },
      },
    );
    vite.on('error', reject);
    vite.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`vite build --mode ${mode} exited with ${code}`)),
    );
  });
}

/**
 * Builds the three variants one after another, each into a directory of its own and then renamed into
 * dist: the server sees a variant whole or not at all. The old build goes first, so a stale app is never
 * served beside a new one.
 */
export async function buildWebApp(): Promise<void> {
  rmSync(dist, { recursive: true, force: true });
  removeAbandonedBuilds();
  mkdirSync(buildingDir, { recursive: true });
  for (const { mode, dir } of variants) {
    const building = join(buildingDir, mode);
    await viteBuild(mode, building);
    // a start beside this one may have put the same sources' variant there first: it is kept
    if (existsSync(join(dir, 'index.html'))) rmSync(building, { recursive: true, force: true });
    else renameSync(building, dir);
  }
  rmSync(buildingDir, { recursive: true, force: true });
}
