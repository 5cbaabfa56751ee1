import { isInMaintenanceWindow } from '@fund/domain';

export interface MaintenanceSettings {
  /** The manual switch (MAINTENANCE_MODE). */
  readonly maintenanceMode: boolean;
  /** Whether the regular JST windows apply (MAINTENANCE_WINDOWS). */
  readonly maintenanceWindows: boolean;
}

export function isUnderMaintenance(now: Date, settings: MaintenanceSettings): boolean {
  return settings.maintenanceMode || (settings.maintenanceWindows && isInMaintenanceWindow(now));
}
