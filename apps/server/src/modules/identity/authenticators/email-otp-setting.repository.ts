import { emailOtpSettings, type DatabaseExecutor } from '@fund/db';
import { eq } from 'drizzle-orm';

export async function isEmailOtpEnabled(executor: DatabaseExecutor, customerId: string): Promise<boolean> {
  const [row] = await executor
    .select({ customerId: emailOtpSettings.customerId })
    .from(emailOtpSettings)
    .where(eq(emailOtpSettings.customerId, customerId));
  return row !== undefined;
}

/** Turns emailed codes on as the customer's second factor; false when they already were. */
export async function enableEmailOtp(
  executor: DatabaseExecutor,
  customerId: string,
  now: Date,
): Promise<boolean> {
  const rows = await executor
    .insert(emailOtpSettings)
    .values({ customerId, enabledAt: now })
    .onConflictDoNothing()
    .returning({ customerId: emailOtpSettings.customerId });
  return rows.length > 0;
}
