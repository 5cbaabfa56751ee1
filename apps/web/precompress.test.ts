import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { isPrecompressed, precompressVariant } from './precompress.ts';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function builtVariant(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fund-precompress-'));
  made.push(dir);
  mkdirSync(join(dir, 'static'));
  mkdirSync(join(dir, 'admin'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html>${'<p>投資信託</p>'.repeat(100)}`);
  writeFileSync(join(dir, 'static', 'app-H4sh.js'), 'export const a = 1;\n'.repeat(200));
  writeFileSync(join(dir, 'static', 'tiny-H4sh.js'), 'export{};');
  writeFileSync(join(dir, 'static', 'logo.png'), Buffer.alloc(4096));
  writeFileSync(join(dir, 'admin', 'index.html'), 'x'.repeat(4096));
  writeFileSync(join(dir, '.vite', 'manifest.json'), '{}'.padEnd(4096));
  return dir;
}

describe('precompressed copies of a built variant', () => {
  it('writes .br and .gz of each text file of 1 KB or more, then the marker that the variant is whole', async () => {
    const dir = builtVariant();
    expect(isPrecompressed(dir)).toBe(false);
    await precompressVariant(dir);
    const app = readFileSync(join(dir, 'static', 'app-H4sh.js'));
    expect(brotliDecompressSync(readFileSync(join(dir, 'static', 'app-H4sh.js.br')))).toEqual(app);
    expect(gunzipSync(readFileSync(join(dir, 'static', 'app-H4sh.js.gz')))).toEqual(app);
    expect(existsSync(join(dir, 'index.html.br'))).toBe(true);
    expect(isPrecompressed(dir)).toBe(true);
  });

  it('leaves small files, images, Vite’s manifest and another variant’s folder alone, and no partial file behind', async () => {
    const dir = builtVariant();
    await precompressVariant(dir);
    for (const left of [
      'static/tiny-H4sh.js.br',
      'static/logo.png.br',
      '.vite/manifest.json.br',
      'admin/index.html.br',
      'static/app-H4sh.js.br.part',
    ])
      expect(existsSync(join(dir, left)), left).toBe(false);
  });
});
