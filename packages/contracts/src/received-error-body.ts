/**
 * What the web app accepts as an error body from any of the services it calls: the code comes from `type`
 * or `code`, the text from `detail` or `message` (spec §3, §8). Written without zod on purpose: the web
 * app reads error bodies in its first bundle, which must stay small (performance.md).
 */
export interface ReceivedErrorBody {
  readonly type?: string;
  readonly code?: string;
  readonly detail?: string;
  readonly message?: string;
}

const fields = ['type', 'code', 'detail', 'message'] as const;

/** The error body in an answer, or undefined when the answer is not one (fields of other types are dropped). */
export function readReceivedErrorBody(value: unknown): ReceivedErrorBody | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const body: Record<string, string> = {};
  for (const field of fields) {
    const fieldValue = (value as Record<string, unknown>)[field];
    if (typeof fieldValue === 'string') body[field] = fieldValue;
  }
  return body;
}

export function errorCodeOf(body: ReceivedErrorBody): string | undefined {
  return body.type ?? body.code;
}

export function errorTextOf(body: ReceivedErrorBody): string | undefined {
  return body.detail ?? body.message;
}
