/**
 * The marker of the maintenance error (spec §8). It is the error's message so that code which only sees
 * a plain Error (or an error reporter filtering by message, spec §8) still recognises it.
 */
export const MAINTENANCE_ERROR = 'MAINTENANCE_ERROR';

/** Raised when the service is under maintenance; the router shows the maintenance page. */
export class MaintenanceError extends Error {
  override readonly name = 'MaintenanceError';
  readonly marker = MAINTENANCE_ERROR;

  constructor() {
    super(MAINTENANCE_ERROR);
  }
}

export function isMaintenanceError(error: unknown): boolean {
  return error instanceof MaintenanceError || (error instanceof Error && error.message === MAINTENANCE_ERROR);
}
