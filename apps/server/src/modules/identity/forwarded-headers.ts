import type { FastifyRequest } from 'fastify';

/**
 * The OpenID providers are Koa apps whose `proxy` is on whenever TRUST_PROXY is set, and Koa then believes
 * X-Forwarded-Proto/Host/For from any peer. Fastify applies TRUST_PROXY exactly (true, a hop count, or
 * the proxies' addresses), so before a request is handed to a provider its forwarded headers are replaced
 * by what Fastify resolved: a client that reaches the server past the proxy, or adds its own
 * X-Forwarded-Proto in front of it, cannot make the provider think the request came over HTTPS or from
 * another host or address.
 */
export function forwardedHeadersAsTrusted(request: FastifyRequest): void {
  const headers = request.raw.headers;
  headers['x-forwarded-for'] = request.ip;
  headers['x-forwarded-proto'] = request.protocol;
  headers['x-forwarded-host'] = request.host;
}
