// Writes .br and .gz beside every built text file of a build variant, so the server sends compressed files
// without compressing on each request (@fastify/static `preCompressed`): phones on slow networks load less.
// Brotli at its best quality is most of a build's time (about 2 s of the customer build's 4 on a two-core
// machine), so `npm start` runs it after the variant is in place (scripts/web-build.ts); until a file's
// copies are there, the server sends the file itself. The marker written last says the variant is whole.
import { existsSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { webBuildVariants } from '@fund/contracts/paths';

const compressible = /\.(?:js|mjs|css|html|svg|json|txt)$/;
/** Below this size the compressed file saves nothing worth a second request path. */
const minimumBytes = 1024;
/** Written in a variant's folder once all its copies are: what `npm start` checks a build by. */
export const precompressedMarker = '.precompressed';
/** Set for a Vite build whose copies `npm start` writes after putting the variant in place. */
export const precompressLaterVariable = 'WEB_BUILD_PRECOMPRESS_LATER';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** The other variants' folders inside the customer app's (`dist/admin`): each is compressed on its own. */
const variantFolders = new Set<string>(Object.values(webBuildVariants).map(({ dir }) => dir));

function textFilesOf(directory: string, top = true): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return []; // Vite's manifest (.vite/) is read by the server, not sent
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return top && variantFolders.has(entry.name) ? [] : textFilesOf(path, false);
    return compressible.test(entry.name) && statSync(path).size >= minimumBytes ? [path] : [];
  });
}

/** Under a temporary name, then renamed: the server never sends a half-written copy. */
function writeWhole(path: string, content: Buffer): void {
  writeFileSync(`${path}.part`, content);
  renameSync(`${path}.part`, path);
}

/** Compresses every file at once: zlib runs them on its thread pool, across the machine's cores. */
export async function precompressVariant(directory: string): Promise<void> {
  await Promise.all(
    textFilesOf(directory).map(async (path) => {
      const content = await readFile(path);
      const [gzipped, brotlied] = await Promise.all([
        gzipAsync(content, { level: 9 }),
        brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      ]);
      writeWhole(`${path}.gz`, gzipped);
      writeWhole(`${path}.br`, brotlied);
    }),
  );
  writeFileSync(join(directory, precompressedMarker), '');
}

export const isPrecompressed = (directory: string): boolean =>
  existsSync(join(directory, precompressedMarker));
