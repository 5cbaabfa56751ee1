// The web app's build as `npm start` needs it: whether the bundle in apps/web/dist is older than its
// sources, and a build that puts each variant (decision 024) in place whole when it is done, so the server,
// started beside it, never serves a half-written directory (decision 033). Each variant's compressed
// copies are written after it is in place (apps/web/precompress.ts), beside the next variant's build.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { setPriority } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPrecompressed, precompressedMarker, precompressLaterVariable } from '../apps/web/precompress.ts';

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

/**
 * `missing`: no complete build (a fresh checkout, or one interrupted, its compressed copies included);
 * `stale`: older than its sources.
 */
export function webBuildState(): 'current' | 'missing' | 'stale' {
  // the oldest variant decides: a missing one (a build interrupted, or made before the variants) means a build
  const builtAt = Math.min(
    ...variants
      .map(({ dir }) => join(dir, precompressedMarker))
      .map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)),
  );
  if (builtAt === 0) return 'missing';
  return builtAt >= Math.max(...sources.map(newestChange)) ? 'current' : 'stale';
}

/** A nice value (0 normal, 19 lowest): the build yields the processor to the server beside it. */
const backgroundPriority = 10;

/** Runs a Node script of the project with this Node (the project's, decision 001), not the PATH's first. */
function runNode(what: string, args: readonly string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: web,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    // below the server's priority: on a machine with few cores the server, which the first page waits for
    // too, starts first, and the build takes the rest (the customer app still comes first of the builds)
    if (child.pid !== undefined) setPriority(child.pid, backgroundPriority);
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${what} exited with ${code}`))));
  });
}

const viteBuild = (mode: string, outDir: string) =>
  runNode(
    `vite build --mode ${mode}`,
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
      // always the production build: a caller's NODE_ENV (Vitest sets `test` for the browser tests' setup)
      // would make Vite bundle React's development build, with StrictMode's double effects
      NODE_ENV: 'production',
      [precompressLaterVariable]: '1',
    },
  );

/** In a process of its own: the server's thread pool stays free for the requests it serves meanwhile. */
const precompressInPlace = (dir: string) =>
  isPrecompressed(dir)
    ? Promise.resolve()
    : runNode(`precompressing ${dir}`, [join(root, 'scripts/web-precompress.ts'), dir]);

/**
 * Builds the three variants one after another, each into a directory of its own and then renamed into
 * dist: the server sees a variant whole or not at all. The old build goes first, so a stale app is never
 * served beside a new one. A variant's compressed copies are written once it is in place, while the next
 * variant builds; the build is done when they all are.
 */
export async function buildWebApp(): Promise<void> {
  rmSync(dist, { recursive: true, force: true });
  removeAbandonedBuilds();
  mkdirSync(buildingDir, { recursive: true });
  const compressing: Promise<void>[] = [];
  try {
    for (const { mode, dir } of variants) {
      const building = join(buildingDir, mode);
      await viteBuild(mode, building);
      // a start beside this one may have put the same sources' variant there first: it is kept
      if (existsSync(join(dir, 'index.html'))) rmSync(building, { recursive: true, force: true });
      else renameSync(building, dir);
      compressing.push(precompressInPlace(dir));
    }
  } finally {
    // a failed build still waits for the copies under way, so none is left half-written by this start
    await Promise.allSettled(compressing);
  }
  await Promise.all(compressing);
  rmSync(buildingDir, { recursive: true, force: true });
}
