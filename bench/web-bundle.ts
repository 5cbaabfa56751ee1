// Bundle budget of performance.md: the customer build's first-screen JavaScript (gzip) against a
// React + router + query floor app built with the same Vite in the same run, and the largest route chunk.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const budget = { firstScreenRatio: 1.3, largestRouteChunkKb: 35 };

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const gzipKb = (path: string) => gzipSync(readFileSync(path), { level: 9 }).byteLength / 1024;

/** The entry chunk and every chunk it imports statically: what the first screen must download. */
function firstScreenFiles(manifest: Manifest): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (chunk === undefined || files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  Object.entries(manifest)
    .filter(([, chunk]) => chunk.isEntry === true)
    .forEach(([key]) => visit(key));
  return [...files].filter((file) => file.endsWith('.js'));
}

async function buildApp(root: string, outDir: string, configFile: string | false): Promise<Manifest> {
  await build({
    root,
    configFile,
    logLevel: 'warn',
    ...(configFile === false ? { plugins: [react()] } : {}),
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

const work = mkdtempSync(join(tmpdir(), 'fund-bench-web-'));
try {
  const floorDir = join(work, 'floor');
  const productDir = join(work, 'product');
  const floor = await buildApp(join(repoRoot, 'bench/floor-web'), floorDir, false);
  const product = await buildApp(
    join(repoRoot, 'apps/web'),
    productDir,
    join(repoRoot, 'apps/web/vite.config.ts'),
  );

  const sum = (dir: string, files: string[]) =>
    files.reduce((total, file) => total + gzipKb(join(dir, file)), 0);
  const floorKb = sum(floorDir, firstScreenFiles(floor));
  const firstScreenKb = sum(productDir, firstScreenFiles(product));
  const routeChunks = Object.values(product)
    .filter((chunk) => chunk.isDynamicEntry === true)
    .map((chunk) => ({ file: chunk.file, kb: gzipKb(join(productDir, chunk.file)) }))
    .sort((a, b) => b.kb - a.kb);
  const largest = routeChunks[0] ?? { file: '(none)', kb: 0 };

  const ratio = firstScreenKb / floorKb;
  const results = {
    floorFirstScreenKbGzip: Number(floorKb.toFixed(1)),
    firstScreenKbGzip: Number(firstScreenKb.toFixed(1)),
    firstScreenRatio: Number(ratio.toFixed(3)),
    firstScreenBudgetRatio: budget.firstScreenRatio,
    largestRouteChunk: largest.file,
    largestRouteChunkKbGzip: Number(largest.kb.toFixed(2)),
    largestRouteChunkBudgetKb: budget.largestRouteChunkKb,
    routeChunks: routeChunks.length,
    withinBudget: ratio <= budget.firstScreenRatio && largest.kb <= budget.largestRouteChunkKb,
  };

  console.table({
    'floor app, first screen JS (gzip KB)': results.floorFirstScreenKbGzip,
    'customer build, first screen JS (gzip KB)': results.firstScreenKbGzip,
    [`ratio to floor (budget ≤ ${budget.firstScreenRatio})`]: results.firstScreenRatio,
    [`largest route chunk (gzip KB, budget ≤ ${budget.largestRouteChunkKb})`]:
      results.largestRouteChunkKbGzip,
    'route chunks': results.routeChunks,
  });
  const outDir = join(repoRoot, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'web-bundle.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(results.withinBudget ? 'Within budget.' : 'OVER BUDGET.');
  if (!results.withinBudget) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
