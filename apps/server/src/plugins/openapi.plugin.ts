import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ApiPath, serviceInfo } from '@fund/contracts';
import fp from 'fastify-plugin';
import { bearerSecurityScheme, needsBearer } from './bearer-routes.ts';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

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
 * OpenAPI document generated from the routes' zod schemas (components from the schemas' `.meta({ id })`),
 * served at /docs (UI) and /docs/json. Must be registered before the routes so it sees them.
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
        components: {
          securitySchemes: {
            [bearerSecurityScheme]: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'JWT',
              description: 'Access token of the identity service (customer, or operator acting for one)',
            },
          },
        },
      },
      // bearer security on the routes that check a token (bearer-routes.ts), none on the others
      transform: (input) => {
        const transformed = jsonSchemaTransform(input);
        if (!needsBearer(input.route)) return transformed;
        return {
          ...transformed,
          schema: { ...transformed.schema, security: [{ [bearerSecurityScheme]: [] }] },
        };
      },
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: ApiPath.openApiDocs,
      transformStaticCSP: docsContentSecurityPolicy,
      uiConfig: { deepLinking: false, docExpansion: 'list' },
    });
  },
  { name: 'openapi', fastify: '5.x' },
);
