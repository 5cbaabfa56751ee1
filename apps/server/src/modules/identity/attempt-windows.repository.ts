import { attemptWindows, type DatabaseExecutor } from '@fund/db';
import { and, eq, gt, sql } from 'drizzle-orm';

/** A key's running attempt window: attempts counted in it and when it ends. */
export interface AttemptWindow {
  readonly count: number;
  readonly expiresAt: Date;
}

/**
 * One attempt in one statement: an upsert that starts a window (count 1, ends at `endsAt`) for a new or
 * ended key, or adds one to the running window, and returns it. The row lock of ON CONFLICT DO UPDATE
 * serialises concurrent attempts on one key, so no two of them read the same count.
 */
export async function countAttempt(
  db: DatabaseExecutor,
  key: string,
  now: Date,
  endsAt: Date,
): Promise<AttemptWindow | undefined> {
  const [row] = await db
    .insert(attemptWindows)
    .values({ key, count: 1, expiresAt: endsAt })
    .onConflictDoUpdate({
      target: attemptWindows.key,
      set: {
        count: sql`CASE WHEN ${attemptWindows.expiresAt} <= ${now.toISOString()}::timestamptz THEN 1
          ELSE ${attemptWindows.count} + 1 END`,
        expiresAt: sql`CASE WHEN ${attemptWindows.expiresAt} <= ${now.toISOString()}::timestamptz
          THEN excluded.expires_at ELSE ${attemptWindows.expiresAt} END`,
      },
    })
    .returning({ count: attemptWindows.count, expiresAt: attemptWindows.expiresAt });
  return row;
}

/** The key's window running at `now`, if any (nothing counted). */
export async function runningWindow(
  db: DatabaseExecutor,
  key: string,
  now: Date,
): Promise<AttemptWindow | undefined> {
  const [row] = await db
    .select({ count: attemptWindows.count, expiresAt: attemptWindows.expiresAt })
    .from(attemptWindows)
    .where(and(eq(attemptWindows.key, key), gt(attemptWindows.expiresAt, now)));
  return row;
}
