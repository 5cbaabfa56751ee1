// The two web builds the web benchmarks compare, made with the same Vite in the same run: the customer app
// with its own config, and the router + query floor app (bench/floor-web) built the way the customer app is
// delivered (hashed files under the same assets directory, precompressed beside them), so the server
// serves both alike.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { webAssetsDirectory } from '@fund/contracts';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { precompress } from '../../apps/web/precompress-plugin.ts';
import { repoRoot } from './report.ts';

export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The customer app, built with apps/web/vite.config.ts into `outDir`. */
export async function buildProductApp(outDir: string): Promise<Manifest> {
  return (await buildWebVariant(outDir, 'production')).manifest;
}

export interface BuiltVariant {
  readonly manifest: Manifest;
  /** Every source module of the bundle (Rollup's module ids, absolute paths). */
  readonly moduleIds: readonly string[];
}

/**
 * A build variant of the web app (decision 024: `production` the customer app, `admin`, `temporary`),
 * built with apps/web/vite.config.ts into `outDir`, with the modules its chunks hold.
 */
export async function buildWebVariant(outDir: string, mode: string): Promise<BuiltVariant> {
  const moduleIds = new Set<string>();
  const listModules: Plugin = {
    name: 'bench:list-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle))
        if (output.type === 'chunk') output.moduleIds.forEach((id) => moduleIds.add(id));
    },
  };
  await build({
    root: join(repoRoot, 'apps/web'),
    configFile: join(repoRoot, 'apps/web/vite.config.ts'),
    mode,
    logLevel: 'warn',
    plugins: [listModules],
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  return { manifest: readManifest(outDir), moduleIds: [...moduleIds] };
}

/** The floor app of performance.md, built into `outDir` with the customer app's delivery settings. */
export async function buildFloorApp(outDir: string): Promise<Manifest> {
  await build({
    root: join(repoRoot, 'bench/floor-web'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react(), precompress()],
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      assetsDir: webAssetsDirectory,
      modulePreload: { polyfill: false },
    },
  });
  return readManifest(outDir);
}
