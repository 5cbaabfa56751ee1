import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/**
 * PGlite has no postmaster to stop a second process from opening the same data directory, and two
 * processes writing to one directory silently lose each other's writes (e.g. `npm run db:seed` while the
 * server runs). A lock file beside the directory, holding the owner's pid, turns that into a clear error.
 */
export function lockPgliteDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  if (!tryCreateLockFile(lockPath)) {
    const owner = readOwnerPid(lockPath);
    if (owner !== undefined && isRunning(owner)) {
      throw new Error(
        `PGlite data directory ${dataDir} is already open in process ${owner}${owner === process.pid ? ' (this process)' : ''}. ` +
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

function tryCreateLockFile(lockPath: string): boolean {
  let fd: number;
  try {
    fd = openSync(lockPath, 'wx'); // O_CREAT | O_EXCL: exactly one opener wins
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, String(process.pid));
  } finally {
    closeSync(fd);
  }
  return true;
}

function readOwnerPid(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined; // removed meanwhile, or written only half: treat as not owned
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0 checks existence without signalling
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by another user
  }
}
