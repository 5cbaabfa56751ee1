import type { FastifyInstance } from 'fastify';
import { MaintenanceError } from '../../errors/app-error.ts';
import { isUnderMaintenance } from './maintenance.service.ts';

/**
 * Closes the customer API while maintenance is in effect (MAINTENANCE_MODE or a regular window): every
 * call of the scope answers 503 with code 503-000, which the web app turns into its maintenance screen
 * mid-session (spec §8). An onRequest hook of the scope, so it runs before the routes' own token checks:
 * a customer whose token ran out during maintenance is told about the maintenance, not sent to sign in.
 * The identity service and health stay outside the scope: the web app asks `/maintenance/status` before
 * it sends a customer to sign in (spec §4), and operators' probes need health during maintenance.
 */
export function closeDuringMaintenance(scope: FastifyInstance): void {
  scope.addHook('onRequest', async () => {
    if (isUnderMaintenance(scope.clock.now(), scope.config)) throw new MaintenanceError();
  });
}
