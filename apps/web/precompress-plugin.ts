// Writes .br and .gz next to every built text file, so the server sends compressed files without
// compressing on each request (@fastify/static `preCompressed`): phones on slow networks load less.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(?:js|mjs|css|html|svg|json|txt)$/;
/** Below this size the compressed file saves nothing worth a second request path. */
const minimumBytes = 1024;

export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'fund:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(options, bundle) {
      const directory = options.dir ?? outDir;
      for (const fileName of Object.keys(bundle)) {
        if (!compressible.test(fileName)) continue;
        const path = join(directory, fileName);
        const content = readFileSync(path);
        if (content.byteLength < minimumBytes) continue;
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}
