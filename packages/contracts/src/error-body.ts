import { z } from 'zod';

/** The error body every API answers with (spec §3): what our server sends. */
export const errorBodySchema = z
  .object({
    code: z.string().regex(/^\d{3}-\d{3}$/),
    message: z.string(),
  })
  .meta({ id: 'ErrorBody', description: 'Error answer: stable code (HTTP status + detail) and message' });

export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * What the web app accepts from any of the services it calls: the code comes from `type` or `code`,
 * the text from `detail` or `message` (spec §3, §8).
 */
export const receivedErrorBodySchema = z.object({
  type: z.string().optional(),
  code: z.string().optional(),
  detail: z.string().optional(),
  message: z.string().optional(),
});

export type ReceivedErrorBody = z.infer<typeof receivedErrorBodySchema>;

export function errorCodeOf(body: ReceivedErrorBody): string | undefined {
  return body.type ?? body.code;
}

export function errorTextOf(body: ReceivedErrorBody): string | undefined {
  return body.detail ?? body.message;
}
