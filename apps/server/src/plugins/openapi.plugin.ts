import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ApiPath, inboundPathPrefix, serviceInfo } from '@fund/contracts';
import fp from 'fastify-plugin';
import { bearerSecurityScheme, needsBearer } from './bearer-routes.ts';
import { withOnlyUsedSchemas } from './openapi-used-schemas.ts';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

const partnerSignatureScheme = 'partnerSignature';

/**
 * Swagger UI renders descriptions through innerHTML, which the site-wide Trusted Types requirement would
 * block, and sets inline style attributes (seen in Chromium). Its pages, and only they, get the same
 * policy without Trusted Types and with inline styles; its scripts are files, so script-src stays 'self'.
 */
export function docsContentSecurityPolicy(header: string): string {
  return header
    .split(';')
    .map((directive) => directive.trim())
    .filter((directive) => directive !== '' && !directive.startsWith('require-trusted-types-for'))
    .map((directive) => (directive.startsWith('style-src ') ? `${directive} 'unsafe-inline'` : directive))
    .join('; ');
}

/**
 * OpenAPI document generated from the routes' zod schemas (components from the schemas' `.meta({ id })`,
 * only those the operations use), served at /docs (UI) and /docs/json. Each route names its operation
 * (`operationId`, the name a generated client calls); openapi.plugin.test.ts lints the document with
 * Redocly's recommended rules. Must be registered before the routes so it sees them.
 */
export const openApiPlugin = fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: serviceInfo.name,
          version: serviceInfo.version,
          description:
            'API of the online fund service. Every error answers `{ code, message }`; the code starts with the HTTP status (e.g. `404-000`, maintenance `503-000`).',
        },
        servers: [{ url: app.config.publicOrigin, description: 'This server (its public origin)' }],
        components: {
          securitySchemes: {
            [bearerSecurityScheme]: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'Access token of the identity service (customer, or operator acting for one)',
            },
            [partnerSignatureScheme]: {
              type: 'apiKey',
              in: 'header',
              name: 'X-Partner-Signature',
              description:
                'Calls from outside systems: `v1=` and the hex HMAC-SHA256 of `<X-Partner-Timestamp>.<raw body>` with a shared key (docs/fund-feed.md)',
            },
          },
        },
      },
      // bearer security on the routes that check a token (bearer-routes.ts); the others say they need none
      transform: (input) => {
        const transformed = jsonSchemaTransform(input);
        const security = input.url.startsWith(inboundPathPrefix)
          ? [{ [partnerSignatureScheme]: [] }]
          : needsBearer(input.route)
            ? [{ [bearerSecurityScheme]: [] }]
            : [];
        return { ...transformed, schema: { ...transformed.schema, security } };
      },
      transformObject: (input) => withOnlyUsedSchemas(jsonSchemaTransformObject(input)),
    });
    await app.register(swaggerUi, {
      routePrefix: ApiPath.openApiDocs,
      transformStaticCSP: docsContentSecurityPolicy,
      uiConfig: { deepLinking: false, docExpansion: 'list' },
    });
  },
  { name: 'openapi', fastify: '5.x', dependencies: ['config'] },
);
