import type { RouteOptions } from 'fastify';

/**
 * The token checks that make a route need a bearer access token (`requireCustomer`, `requireOperator`),
 * so the OpenAPI document declares bearer security on exactly those routes (issue 13 point 11).
 */
const bearerHooks = new WeakSet<object>();

/** Marks a hook returned by requireCustomer/requireOperator; returns it. */
export function bearerHook<T extends object>(hook: T): T {
  bearerHooks.add(hook);
  return hook;
}

/** Whether a route runs one of the marked token checks before its handler. */
export function needsBearer(route: Pick<RouteOptions, 'onRequest' | 'preHandler'> | undefined): boolean {
  const hooks = [route?.onRequest, route?.preHandler].flatMap((hook) =>
    hook === undefined ? [] : Array.isArray(hook) ? hook : [hook],
  );
  return hooks.some((hook) => typeof hook === 'function' && bearerHooks.has(hook));
}

export const bearerSecurityScheme = 'bearerAuth';
