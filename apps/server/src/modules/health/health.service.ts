import { serviceInfo, type Health } from '@fund/contracts';
import { pingDatabase, type DatabaseHandle } from '@fund/db';
import { ServiceUnavailableError } from '../../errors/app-error.ts';

/** Healthy means able to serve customers: the process is up and its database answers. */
export async function checkHealth(database: DatabaseHandle): Promise<Health> {
  try {
    await pingDatabase(database);
  } catch (error) {
    throw new ServiceUnavailableError(undefined, { cause: error });
  }
  return { status: 'ok', version: serviceInfo.version, database: database.kind };
}
