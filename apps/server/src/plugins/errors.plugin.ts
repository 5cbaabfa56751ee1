import fp from 'fastify-plugin';
import { databaseRetryAfterSeconds, toErrorResponse } from '../errors/error-response.ts';

/**
 * The one error handler (architecture.md §4.5): every failure answers the spec's `{ code, message }` body
 * with `Cache-Control: no-store`; unexpected ones are logged with their stack under the request id and
 * answered with the generic message only. An unreachable database is an outage, not a bug: 503 with
 * Retry-After, logged once when it starts and once when a request succeeds again, not on every request.
 */
export const errorsPlugin = fp(
  async (app) => {
    let databaseOutage = false;
    app.addHook('onResponse', async (request, reply) => {
      if (databaseOutage && reply.statusCode < 500) {
        databaseOutage = false;
        request.log.warn('The database answers again');
      }
    });
    app.setErrorHandler(async (error, request, reply) => {
      const response = toErrorResponse(error);
      const { code } = response.body;
      const cause = error instanceof Error ? error.cause : undefined;
      if (response.databaseUnavailable === true) {
        if (!databaseOutage) request.log.error({ err: error, code }, 'The database cannot be reached');
        databaseOutage = true;
        reply.header('retry-after', String(databaseRetryAfterSeconds));
      } else if (response.unexpected) {
        request.log.error({ err: error, code }, 'Request failed');
      } else if (response.statusCode >= 500 && cause !== undefined) {
        // a planned 503 (e.g. database unreachable): the client gets the message, operators the cause
        request.log.warn({ err: cause, code }, response.body.message);
      } else {
        const reason = error instanceof Error ? error.message : String(error);
        request.log.info({ code, statusCode: response.statusCode, reason }, 'Request answered with an error');
      }
      return reply.code(response.statusCode).header('cache-control', 'no-store').send(response.body);
    });
  },
  { name: 'errors', fastify: '5.x' },
);
