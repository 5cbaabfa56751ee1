// `node scripts/web-precompress.ts <variant folder>`: writes a built variant's compressed copies
// (apps/web/precompress.ts), run by scripts/web-build.ts once the variant is in place.
import { precompressVariant } from '../apps/web/precompress.ts';

const [directory] = process.argv.slice(2);
if (directory === undefined) {
  console.error('usage: node scripts/web-precompress.ts <variant folder>');
  process.exit(2);
}
await precompressVariant(directory);
