// The Vite side of apps/web/precompress.ts: a build compresses its variant when it is written, unless
// `npm start` does it after putting the variant in place (`later`: scripts/web-build.ts).
import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { precompressVariant } from './precompress.ts';

export function precompress({ later = false }: { later?: boolean } = {}): Plugin {
  let outDir = 'dist';
  return {
    name: 'fund:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // after the public folder is copied too: the variant's folder is complete
    async closeBundle() {
      if (!later) await precompressVariant(outDir);
    },
  };
}
