import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './server.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

/** Built file name → source of every chunk loaded on demand for a page (Vite's build manifest). */
export function pageChunks(): Map<string, string> {
  const manifest = JSON.parse(
    readFileSync(join(repoRoot, 'apps/web/dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  return new Map(
    Object.values(manifest)
      .filter((chunk) => chunk.isDynamicEntry === true && chunk.src?.startsWith('src/features/') === true)
      .map((chunk) => [chunk.file, chunk.src ?? '']),
  );
}
