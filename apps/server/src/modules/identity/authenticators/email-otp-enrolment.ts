import { credentialChangedMail } from '../../../mail/mail-templates.ts';
import { enableEmailOtp } from './email-otp-setting.repository.ts';
import { inTransaction, requireCustomer, type MfaDependencies } from './mfa-context.ts';

/**
 * Turns on emailed codes as a second factor and tells the customer (security.md 18), in one transaction;
 * turning them on again changes nothing and sends nothing. The MFA API and the account pages both call it.
 */
export async function enableEmailOtpAndNotify(
  dependencies: MfaDependencies,
  customerId: string,
): Promise<void> {
  const { clock, mailer } = dependencies;
  await inTransaction(dependencies, undefined, async (tx) => {
    if (!(await enableEmailOtp(tx, customerId, clock.now()))) return;
    const customer = await requireCustomer(tx, customerId);
    await mailer.enqueue(
      { to: customer.email, ...credentialChangedMail({ change: 'email-otp-enabled', at: clock.now() }) },
      tx,
    );
  });
}
