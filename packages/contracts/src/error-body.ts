import { z } from 'zod';

/** The error body every API answers with (spec §3): what our server sends. */
export const errorBodySchema = z
  .object({
    code: z.string().regex(/^\d{3}-\d{3}$/),
    message: z.string(),
  })
  .meta({ id: 'ErrorBody', description: 'Error answer: stable code (HTTP status + detail) and message' });

export type ErrorBody = z.infer<typeof errorBodySchema>;
