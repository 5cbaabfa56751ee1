import {
  verificationCodes,
  type DatabaseExecutor,
  type VerificationCode,
  type VerificationCodePurpose,
} from '@fund/db';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';

export interface NewVerificationCode {
  readonly purpose: VerificationCodePurpose;
  readonly attemptId: string;
  readonly customerId: string | null;
  readonly email: string;
  readonly codeHash: string;
  readonly expiresAt: Date;
  readonly createdAt: Date;
}

/** Ends every open code of the attempt: only the newest code sent for an attempt works. */
export async function retireOpenCodes(
  executor: DatabaseExecutor,
  purpose: VerificationCodePurpose,
  attemptId: string,
  now: Date,
): Promise<void> {
  await executor
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.attemptId, attemptId),
        isNull(verificationCodes.consumedAt),
      ),
    );
}

export async function insertVerificationCode(
  executor: DatabaseExecutor,
  code: NewVerificationCode,
): Promise<void> {
  await executor.insert(verificationCodes).values(code);
}

export async function findOpenCode(
  executor: DatabaseExecutor,
  purpose: VerificationCodePurpose,
  attemptId: string,
): Promise<VerificationCode | undefined> {
  const [row] = await executor
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.purpose, purpose),
        eq(verificationCodes.attemptId, attemptId),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  return row;
}

/**
 * Counts one try before the code is compared, atomically, so concurrent guesses can never make more
 * than `maxTries` comparisons in total. Undefined: the code is used up, expired or already consumed.
 */
export async function takeTry(
  executor: DatabaseExecutor,
  id: string,
  maxTries: number,
  now: Date,
): Promise<{ tries: number } | undefined> {
  const [row] = await executor
    .update(verificationCodes)
    .set({ tries: sql`${verificationCodes.tries} + 1` })
    .where(
      and(
        eq(verificationCodes.id, id),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.tries, maxTries),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .returning({ tries: verificationCodes.tries });
  return row;
}

/** Single use: of two requests with the right code only one consumes it. */
export async function consumeCode(executor: DatabaseExecutor, id: string, now: Date): Promise<boolean> {
  const rows = await executor
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return rows.length > 0;
}
