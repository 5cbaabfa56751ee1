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
