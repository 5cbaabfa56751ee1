import { z } from 'zod';
import type { ErrorBody } from './error-body.ts';
import { ErrorCode } from './error-codes.ts';

/** `GET /maintenance/status` outside maintenance. Inside, the answer is 503 with error code 503-000. */
export const maintenanceStatusSchema = z
  .object({ status: z.literal('ok') })
  .meta({ id: 'MaintenanceStatus' });

export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;

/** The body of the 503 answer while maintenance is in effect (spec §7, §8). */
export const maintenanceErrorBody = {
  code: ErrorCode.maintenance,
  message: '現在メンテナンス中です',
} as const satisfies ErrorBody;
