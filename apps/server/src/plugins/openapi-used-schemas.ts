/**
 * The zod registry holds every contract schema with an id, also those no route answers or accepts
 * (shapes of the web app, the batch, the partners); the OpenAPI document keeps only the schemas its
 * operations reach, directly or through other schemas, so a client generated from it carries no dead types.
 */
const schemaRefPrefix = '#/components/schemas/';

function refsIn(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsIn);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' ? [inner] : refsIn(inner),
  );
}

interface DocumentWithSchemas {
  readonly paths?: unknown;
  readonly components?: { readonly schemas?: Record<string, unknown> };
}

export function withOnlyUsedSchemas<T extends DocumentWithSchemas>(document: T): T {
  const schemas = document.components?.schemas;
  if (schemas === undefined) return document;
  const used = new Set<string>();
  const pending = refsIn(document.paths);
  for (let ref = pending.pop(); ref !== undefined; ref = pending.pop()) {
    if (!ref.startsWith(schemaRefPrefix)) continue;
    const name = ref.slice(schemaRefPrefix.length);
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...refsIn(schemas[name]));
  }
  const usedSchemas = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...document.components, schemas: usedSchemas } };
}
