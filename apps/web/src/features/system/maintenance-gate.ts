import { MaintenanceError } from '../../lib/errors/maintenance-error';
import { isUnderMaintenance } from './api/get-maintenance-status';

/**
 * Loader of the pages' route: without a token the shell asks the maintenance status first (spec §4) and
 * shows the maintenance page on 503-000. Sign-in does not exist yet, so every start is tokenless; the
 * session issue narrows this to missing or expired tokens.
 */
export async function maintenanceGateLoader(): Promise<null> {
  if (await isUnderMaintenance()) throw new MaintenanceError();
  return null;
}

/** The gate runs once per page load, not on every navigation inside the app. */
export const maintenanceGateRevalidates = () => false;
