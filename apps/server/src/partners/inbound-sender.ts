import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { developmentInboundKey } from '../config/partners-config.ts';
import { signedHeaders } from '../plugins/signed-inbound.ts';

/**
 * The simulators of the account-opening site and the trading system tell the app what happened the way the
 * real sites do: a signed call to /inbound/… (docs/inbound-interfaces.md), through Fastify's injection (the
 * same HTTP request, routing, signature check and validation, without a socket), so the code production
 * runs for the real sites is the code the demos and tests run.
 */
export async function sendInboundEvent(
  app: FastifyInstance,
  path: string,
  event: Record<string, unknown>,
): Promise<{ status: number; body: unknown }> {
  const body = JSON.stringify({ eventId: `simulator-${randomUUID()}`, ...event });
  const key = app.config.partners.inboundKeys?.[0] ?? developmentInboundKey;
  const response = await app.inject({
    method: 'POST',
    url: path,
    payload: body,
    headers: { 'content-type': 'application/json', ...signedHeaders(key, body, app.realClock.now()) },
  });
  let answer: unknown;
  try {
    answer = response.json();
  } catch {
    answer = undefined;
  }
  if (response.statusCode !== 200)
    app.log.warn({ path, status: response.statusCode, answer }, 'A simulator’s inbound event was refused');
  return { status: response.statusCode, body: answer };
}
