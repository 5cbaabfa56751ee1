import { z } from 'zod';

/** The error body every API answers with (spec §3): what our server sends. */
export const errorBodySchema = z
  .object({
    code: z.string().regex(/^\d{3}-\d{3}$/),
    message: z.string(),
    /** A refused request's fields, each with its own sentence for the customer (issue 13 point 11). */
    fields: z
      .array(
        z.object({
          field: z
            .string()
            .meta({ description: 'Path of the field in the body, query or path, e.g. `amount`' }),
          message: z.string(),
        }),
      )
      .optional(),
  })
  .meta({ id: 'ErrorBody', description: 'Error answer: stable code (HTTP status + detail) and message' });

export type ErrorBody = z.infer<typeof errorBodySchema>;
