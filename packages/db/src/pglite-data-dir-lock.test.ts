import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linuxProcess, lockPgliteDataDir } from './pglite-data-dir-lock.ts';

const onLinux = linuxProcess(process.pid) !== undefined;
/** Whether this machine lets us start a process in a fresh pid namespace, as a container runtime does. */
const canUnshare =
  onLinux &&
  spawnSync('unshare', ['--pid', '--fork', '--mount-proc', 'true'], { stdio: 'ignore' }).status === 0;
const ownStartTime = () => linuxProcess(process.pid)?.startTime;

describe('PGlite data directory lock', () => {
  let parent: string;
  let dataDir: string;

  beforeEach(() => {
    parent = mkdtempSync(join(tmpdir(), 'fund-db-lock-'));
    dataDir = join(parent, 'pglite');
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it('writes the owner pid (and on Linux its start time) beside the directory and removes it on release', () => {
    const release = lockPgliteDataDir(dataDir);
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(
      onLinux ? `${process.pid} ${ownStartTime()}` : String(process.pid),
    );
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
    expect(readFileSync(`${dataDir}.lock`, 'utf8')).toMatch(new RegExp(`^${process.pid}\\b`));
    release();
  });

  it.runIf(onLinux)(
    'takes over a lock naming this pid with another start time: a container restarted after kill -9',
    () => {
      // the dead server had the same pid in its own pid namespace; only its start time tells them apart
      writeFileSync(`${dataDir}.lock`, `${process.pid} 1`);
      const release = lockPgliteDataDir(dataDir);
      expect(readFileSync(`${dataDir}.lock`, 'utf8')).toBe(`${process.pid} ${ownStartTime()}`);
      release();
    },
  );

  it.runIf(onLinux)('takes over a lock whose owner was killed and is not reaped yet (a zombie)', async () => {
    // sh starts a child that exits shortly after, then becomes `sleep`, which never reaps it (a child that
    // exited before the exec could be reaped by sh itself on a loaded machine: seen once)
    const parent = spawn('sh', ['-c', 'sleep 0.3 & echo $!; exec sleep 30']);
    try {
      const zombiePid = Number.parseInt(
        await new Promise<string>((resolve) =>
          parent.stdout.once('data', (chunk: Buffer) => resolve(String(chunk))),
        ),
        10,
      );
      await expect.poll(() => linuxProcess(zombiePid)?.zombie, { timeout: 5_000 }).toBe(true);
      writeFileSync(`${dataDir}.lock`, `${zombiePid} ${linuxProcess(zombiePid)?.startTime}`);
      const release = lockPgliteDataDir(dataDir);
      expect(readFileSync(`${dataDir}.lock`, 'utf8')).toMatch(new RegExp(`^${process.pid}\\b`));
      release();
    } finally {
      parent.kill();
    }
  });

  it('takes over an unreadable lock file (a crash while writing it)', () => {
    writeFileSync(`${dataDir}.lock`, '');
    expect(() => lockPgliteDataDir(dataDir)()).not.toThrow();
  });

  it.runIf(canUnshare)(
    'opens again after the server was killed with kill -9 in a fresh pid namespace (a container restart)',
    () => {
      // each run is pid 1 of its own namespace: the second finds a lock naming its own pid. It ends without
      // releasing the lock, as a killed server does (pid 1 cannot SIGKILL itself inside its namespace)
      const lockModule = new URL('./pglite-data-dir-lock.ts', import.meta.url).pathname;
      const script = `import { lockPgliteDataDir } from ${JSON.stringify(lockModule)}; lockPgliteDataDir(process.argv[1]); process.exit(0);`;
      const runInContainer = () =>
        spawnSync(
          'unshare',
          ['--pid', '--fork', '--mount-proc', process.execPath, '--input-type=module', '-e', script, dataDir],
          {
            encoding: 'utf8',
          },
        );
      const first = runInContainer();
      expect(readFileSync(`${dataDir}.lock`, 'utf8')).toMatch(/^1 /);
      const second = runInContainer();
      expect([first.status, second.status, second.stderr]).toEqual([0, 0, '']);
    },
  );
});
