import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './server.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

/**
 * Built file name → source of every page chunk loaded on demand (Vite's build manifest); a page's loader
 * chunk (`*-loader.ts`, decision 012) loads beside it and is not counted as a page.
 */
export function pageChunks(): Map<string, string> {
  const manifest = JSON.parse(
    readFileSync(join(repoRoot, 'apps/web/dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  return new Map(
    Object.values(manifest)
      .filter(
        (chunk) =>
          chunk.isDynamicEntry === true &&
          chunk.src?.startsWith('src/features/') === true &&
          !chunk.src.endsWith('-loader.ts'),
      )
      .map((chunk) => [chunk.file, chunk.src ?? '']),
  );
}

/**
 * The customer build's entry file, read as built. The browser tests must run on the production build:
 * React's development build (what Vite bundles when NODE_ENV is not `production`) runs StrictMode's
 * double effects and other checks the customer never gets.
 */
export function builtEntryScript(): string {
  const manifest = JSON.parse(
    readFileSync(join(repoRoot, 'apps/web/dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry === true);
  if (entry === undefined) throw new Error('The web build has no entry in its manifest');
  return readFileSync(join(repoRoot, 'apps/web/dist', entry.file), 'utf8');
}
