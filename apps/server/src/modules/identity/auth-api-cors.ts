import type { FastifyInstance } from 'fastify';

/** Request headers a browser app sends to the /auth/v1 API. */
const allowedHeaders = 'authorization, content-type, x-csrf-token';
const allowedMethods = 'GET, POST, PUT, PATCH, DELETE';

/**
 * CORS for the /auth/v1 API (issue 3 item 3): only the configured web origins, with credentials, so a
 * web app served from another origin can call it with `credentials: 'include'`. Any other origin gets no
 * CORS headers and the browser keeps the answer from it. The provider's own endpoints under /oidc have
 * their CORS from oidc-provider (`clientBasedCORS`).
 */
export function allowAuthApiCors(app: FastifyInstance, origins: readonly string[]): void {
  const allowed = new Set(origins);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/auth/v1/')) return;
    reply.header('vary', 'Origin');
    const origin = request.headers.origin;
    if (origin === undefined || !allowed.has(origin)) return;
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-allow-credentials', 'true');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      reply.header('access-control-allow-methods', allowedMethods);
      reply.header('access-control-allow-headers', allowedHeaders);
      reply.header('access-control-max-age', '600');
      return reply.code(204).send();
    }
  });
}
