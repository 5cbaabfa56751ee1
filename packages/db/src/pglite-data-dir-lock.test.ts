import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockPgliteDataDir } from './pglite-data-dir-lock.ts';

describe('PGlite data directory lock', () => {
  let parent: string;
  let dataDir: string;

  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), 'fund-db-lock-'));
    dataDir = join(parent, 'pglite');
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it('writes the owner pid beside the directory and removes it on release', () => {
    const release = lockPgliteDataDir(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('refuses a second lock while the owner still runs, and names the owner', () => {
    const release = lockPgliteDataDir(dataDir);
    expect(() => lockPgliteDataDir(dataDir)).toThrow(`already open in process ${process.pid}`);
    release();
    expect(() => lockPgliteDataDir(dataDir)()).not.toThrow();
  });

  it('takes over a lock left behind by a process that has ended', () => {
    const ended = spawnSync(process.execPath, ['-e', '']);
    writeFileSync(`${dataDir}.lock`, String(ended.pid));
    const release = lockPgliteDataDir(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
  });

  it('takes over an unreadable lock file (a crash while writing it)', () => {
    writeFileSync(`${dataDir}.lock`, '');
    expect(() => lockPgliteDataDir(dataDir)()).not.toThrow();
  });
});
