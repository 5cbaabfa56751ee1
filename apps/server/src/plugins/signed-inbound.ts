import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { UnauthorizedError } from '../errors/app-error.ts';
import type { Clock } from './clock.plugin.ts';

/**
 * Calls from outside systems (the fund feed; docs/fund-feed.md "Sending by HTTP") are signed as webhooks
 * commonly are: `X-Partner-Timestamp` (Unix seconds) and `X-Partner-Signature: v1=<hex>`, the hex being
 * HMAC-SHA256 with a shared key over `<timestamp>.<the raw body>`. A call is taken when one of the keys
 * verifies it and its timestamp is within five minutes of our clock (a captured call cannot be replayed
 * later; within the window the calls are idempotent by design).
 */
export const timestampHeader = 'x-partner-timestamp';
export const signatureHeader = 'x-partner-signature';
const toleranceSeconds = 300;

export function partnerSignature(key: string, timestamp: string, rawBody: string): string {
  return `v1=${createHmac('sha256', key).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** The headers that sign `rawBody` with `key` at `now`: what a sender (and our simulators) add. */
export function signedHeaders(key: string, rawBody: string, now: Date = new Date()): Record<string, string> {
  const timestamp = String(Math.floor(now.getTime() / 1000));
  return { [timestampHeader]: timestamp, [signatureHeader]: partnerSignature(key, timestamp, rawBody) };
}

/** Why a call is not taken, or undefined when one of `keys` signed it within the window. */
export function signatureRefusal(
  keys: readonly string[],
  headers: Record<string, string | string[] | undefined>,
  rawBody: string,
  now: Date,
): string | undefined {
  const timestamp = headers[timestampHeader];
  const signature = headers[signatureHeader];
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return 'unsigned';
  if (!/^[0-9]{1,12}$/.test(timestamp)) return 'bad-timestamp';
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > toleranceSeconds) return 'stale-timestamp';
  const given = Buffer.from(signature);
  const verified = keys.some((key) => {
    const expected = Buffer.from(partnerSignature(key, timestamp, rawBody));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
  return verified ? undefined : 'bad-signature';
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as received, for the signature of a signed inbound call (set in that context only). */
    rawBody?: string;
  }
}

/**
 * Makes the routes registered in `app` (an encapsulated context) signed inbound calls: JSON bodies up to
 * `bodyLimit` bytes kept raw for the signature, and every call refused with 401 unless signed by one of
 * `keys()` (read per call, so a rotation needs no restart of this code path).
 */
export function requireSignedCalls(
  app: FastifyInstance,
  options: { keys: () => readonly string[]; clock: Clock; bodyLimit: number },
): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: options.bodyLimit },
    (request, body, done) => {
      request.rawBody = body as string;
      try {
        done(null, JSON.parse(body as string) as unknown);
      } catch {
        done(null, undefined); // not JSON: the signature is checked first, then the route refuses it
      }
    },
  );
  app.addHook('preValidation', async (request) => {
    const refusal = signatureRefusal(
      options.keys(),
      request.headers,
      request.rawBody ?? '',
      options.clock.now(),
    );
    if (refusal !== undefined) {
      request.log.warn({ refusal }, 'Signed inbound call refused');
      throw new UnauthorizedError(`署名を確認できません（${refusal}）。`);
    }
  });
}
