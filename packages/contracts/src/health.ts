import { z } from 'zod';

export const healthSchema = z
  .object({
    status: z.literal('ok'),
    version: z.string(),
    database: z.enum(['pglite', 'postgres']),
  })
  .meta({ id: 'Health' });

export type Health = z.infer<typeof healthSchema>;
