import { closeSync, existsSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/**
 * PGlite has no postmaster to stop a second process from opening the same data directory, and two
 * processes writing to one directory silently lose each other's writes (e.g. `npm run db:seed` while the
 * server runs). A lock file beside the directory turns that into a clear error.
 *
 * The lock names its owner by pid and, where Linux's /proc tells it, the process's start time: a bare pid
 * is not enough after a crash. A container restarted after kill -9 runs the new server under the same pid
 * as the dead one (a fresh pid namespace counts from 1 again), and a killed process stays a zombie until
 * it is reaped; both would otherwise read as "still open" and keep the service down.
 */
export function lockPgliteDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  if (!tryCreateLockFile(lockPath)) {
    const owner = readOwner(lockPath);
    if (owner !== undefined && isLive(owner)) {
      throw new Error(
        `PGlite data directory ${dataDir} is already open in process ${owner.pid}${owner.pid === process.pid ? ' (this process)' : ''}. ` +
          'Stop that process first, or use PostgreSQL (DATABASE_URL) to share one database between processes.',
      );
    }
    // the owner ended without closing the database (crash, kill -9): the lock is stale
    rmSync(lockPath, { force: true });
    if (!tryCreateLockFile(lockPath)) {
      throw new Error(`PGlite data directory ${dataDir} was locked by another process while opening it.`);
    }
  }
  return () => rmSync(lockPath, { force: true });
}

/** Who holds a lock: a pid, and the process's start time when the system tells it. */
interface LockOwner {
  readonly pid: number;
  readonly startTime: string | undefined;
}

function tryCreateLockFile(lockPath: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx'); // O_CREAT | O_EXCL: exactly one opener wins
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    const startTime = linuxProcess(process.pid)?.startTime;
    writeSync(fd, startTime === undefined ? String(process.pid) : `${process.pid} ${startTime}`);
  } finally {
    closeSync(fd);
  }
  return true;
}

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    const [pidText, startTime] = readFileSync(lockPath, 'utf8').trim().split(' ');
    const pid = Number.parseInt(pidText ?? '', 10);
    return Number.isInteger(pid) && pid > 0 ? { pid, startTime } : undefined;
  } catch {
    return undefined; // removed meanwhile, or written only half: treat as not owned
  }
}

function isLive(owner: LockOwner): boolean {
  if (!existsSync('/proc/self/stat')) return isRunning(owner.pid);
  const running = linuxProcess(owner.pid);
  if (running === undefined || running.zombie) return false;
  return owner.startTime === undefined || owner.startTime === running.startTime;
}

/**
 * A process as Linux's /proc/<pid>/stat describes it: its state (Z: ended, not yet reaped) and its start
 * time in clock ticks after boot, which differs between two processes that had the same pid.
 */
export function linuxProcess(pid: number): { zombie: boolean; startTime: string } | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // the command name (field 2) is in parentheses and may hold spaces: count fields after its last ')'
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const startTime = fields[19];
  return state === undefined || startTime === undefined ? undefined : { zombie: state === 'Z', startTime };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0 checks existence without signalling
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by another user
  }
}
