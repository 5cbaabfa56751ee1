import type { Database, DatabaseExecutor } from '@fund/db';
import { NotFoundError } from '../../../errors/app-error.ts';
import type { Mailer } from '../../../mail/mailer.service.ts';
import type { Clock } from '../../../plugins/clock.plugin.ts';
import { findCustomerContact, type CustomerContact } from './customer-contact.repository.ts';

/** What every second-factor service is built from. */
export interface MfaDependencies {
  readonly db: Database;
  readonly clock: Clock;
  readonly mailer: Mailer;
}

/**
 * Runs `work` in the caller's transaction when given one (the caller then requests mail delivery after
 * its commit), else in a transaction of its own, after whose commit the mail written in it is sent.
 */
export async function inTransaction<T>(
  dependencies: MfaDependencies,
  executor: DatabaseExecutor | undefined,
  work: (executor: DatabaseExecutor) => Promise<T>,
): Promise<T> {
  if (executor !== undefined) return work(executor);
  const result = await dependencies.db.transaction(work);
  dependencies.mailer.requestDelivery();
  return result;
}

export async function requireCustomer(
  executor: DatabaseExecutor,
  customerId: string,
): Promise<CustomerContact> {
  const customer = await findCustomerContact(executor, customerId);
  if (customer === undefined) throw new NotFoundError('お客さま情報が見つかりません。');
  return customer;
}
