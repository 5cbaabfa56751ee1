import { serviceInfo, type Health } from '@fund/contracts';
import { pingDatabase, type DatabaseHandle } from '@fund/db';
import { ServiceUnavailableError } from '../../errors/app-error.ts';

/**
 * Healthy means able to serve customers: the process is up and its database answers, migrated (not
 * `ready` while the server starts: main.ts listens before that).
 */
export async function checkHealth(database: DatabaseHandle, ready: boolean): Promise<Health> {
  if (!ready) throw new ServiceUnavailableError();
  try {
    await pingDatabase(database);
  } catch (error) {
    throw new ServiceUnavailableError(undefined, { cause: error });
  }
  return { status: 'ok', version: serviceInfo.version, database: database.kind };
}
