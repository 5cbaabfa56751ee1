// Bundle budget of performance.md: the customer build's first-screen JavaScript (gzip) against a
// React + router + query floor app built with the same Vite in the same run, and the largest route chunk.
// The admin and temporary builds (decision 024) are built too: each bundle must hold only its own code
// (no module of another variant's own folders), and their first-screen sizes are reported.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { foreignModules } from '../apps/web/build-variants.ts';
import { buildFloorApp, buildWebVariant, type Manifest } from './support/web-build.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const budget = { firstScreenRatio: 1.3, largestRouteChunkKb: 35 };

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

const work = mkdtempSync(join(tmpdir(), 'fund-bench-web-'));
try {
  const floorDir = join(work, 'floor');
  const productDir = join(work, 'product');
  const floor = await buildFloorApp(floorDir);
  const built = await buildWebVariant(productDir, 'production');
  const product = built.manifest;
  const adminDir = join(work, 'admin');
  const temporaryDir = join(work, 'temporary');
  const admin = await buildWebVariant(adminDir, 'admin');
  const temporary = await buildWebVariant(temporaryDir, 'temporary');
  const webRoot = join(repoRoot, 'apps/web');
  const foreign = {
    customer: foreignModules('customer', built.moduleIds, webRoot),
    admin: foreignModules('admin', admin.moduleIds, webRoot),
    temporary: foreignModules('temporary', temporary.moduleIds, webRoot),
  };

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
  const onlyOwnCode = Object.values(foreign).every((modules) => modules.length === 0);
  const results = {
    floorFirstScreenKbGzip: Number(floorKb.toFixed(1)),
    firstScreenKbGzip: Number(firstScreenKb.toFixed(1)),
    firstScreenRatio: Number(ratio.toFixed(3)),
    firstScreenBudgetRatio: budget.firstScreenRatio,
    largestRouteChunk: largest.file,
    largestRouteChunkKbGzip: Number(largest.kb.toFixed(2)),
    largestRouteChunkBudgetKb: budget.largestRouteChunkKb,
    routeChunks: routeChunks.length,
    adminFirstScreenKbGzip: Number(sum(adminDir, firstScreenFiles(admin.manifest)).toFixed(1)),
    temporaryFirstScreenKbGzip: Number(sum(temporaryDir, firstScreenFiles(temporary.manifest)).toFixed(1)),
    foreignModules: foreign,
    withinBudget: ratio <= budget.firstScreenRatio && largest.kb <= budget.largestRouteChunkKb && onlyOwnCode,
  };

  console.table({
    'floor app, first screen JS (gzip KB)': results.floorFirstScreenKbGzip,
    'customer build, first screen JS (gzip KB)': results.firstScreenKbGzip,
    [`ratio to floor (budget ≤ ${budget.firstScreenRatio})`]: results.firstScreenRatio,
    [`largest route chunk (gzip KB, budget ≤ ${budget.largestRouteChunkKb})`]:
      results.largestRouteChunkKbGzip,
    'route chunks': results.routeChunks,
    'admin build, first screen JS (gzip KB)': results.adminFirstScreenKbGzip,
    'temporary build, first screen JS (gzip KB)': results.temporaryFirstScreenKbGzip,
    'modules of another variant (customer / admin / temporary)': Object.values(foreign)
      .map((modules) => modules.length)
      .join(' / '),
  });
  for (const [variant, modules] of Object.entries(foreign))
    if (modules.length > 0) console.log(`The ${variant} build holds another variant's code:`, modules);
  const outDir = join(repoRoot, 'bench-results');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'web-bundle.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(results.withinBudget ? 'Within budget.' : 'OVER BUDGET.');
  if (!results.withinBudget) process.exitCode = 1;
} finally {
  rmSync(work, { recursive: true, force: true });
}
