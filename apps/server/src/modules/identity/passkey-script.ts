import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

/**
 * Serves a passkey page script (sign-in's passkey.js, the security pages' passkey-registration.js) at
 * `path`, with the shared base64url helpers in front: one response, one copy of the code
 * (webauthn-base64url.js).
 */
export function servePasskeyScript(app: FastifyInstance, path: string, script: URL): void {
  const body =
    readFileSync(new URL('./webauthn-base64url.js', import.meta.url), 'utf8') + readFileSync(script, 'utf8');
  app.get(path, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body),
  );
}
