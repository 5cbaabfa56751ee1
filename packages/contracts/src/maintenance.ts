import { z } from 'zod';

/** `GET /maintenance/status` outside maintenance. Inside, the answer is 503 with error code 503-000. */
export const maintenanceStatusSchema = z
  .object({ status: z.literal('ok') })
  .meta({ id: 'MaintenanceStatus' });

export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;
