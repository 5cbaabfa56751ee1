import { readdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clusterTemplatePath, readClusterTemplate, writeClusterTemplate } from './pglite-cluster-template.ts';

describe('the PGlite cluster npm install keeps (a new embedded database starts from it)', () => {
  it('is written whole beside the installed packages, named by the PGlite version, and read back', async () => {
    const path = await writeClusterTemplate();
    expect(path).toBe(clusterTemplatePath());
    expect(path).toMatch(/node_modules\/\.cache\/fund-pglite\/cluster-\d+\.\d+\.\d+\.tar$/);
    expect(readdirSync(dirname(path)).filter((name) => name.endsWith('.part'))).toEqual([]);
    // initdb's data directory: tens of megabytes uncompressed
    expect(readClusterTemplate()?.size).toBeGreaterThan(10_000_000);
  }, 60_000);
});
