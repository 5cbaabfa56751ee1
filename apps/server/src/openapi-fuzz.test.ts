import { controlCharacterPattern, earliestIsoDate, latestIsoDate } from '@fund/contracts';
import { createTestDatabase, type TestDatabase } from '@fund/db/testing';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './app.ts';
import { manySignInsEnv } from './test/customer-session.ts';
import { buildTestApp } from './test/test-app.ts';
import { accessTokenOf, insertCustomer, insertFund } from './test/trading-fixtures.ts';

/**
 * Schema-driven fuzz of every operation of the OpenAPI document (issue 13 point 9): each operation is
 * called with parameters and bodies generated from its own schemas, mixed with hostile values (NUL and
 * control characters, dates at the ends of the calendar, deep nesting, huge numbers, wrong types), as a
 * signed-in customer. Any 5xx fails the test. The run count per operation is bounded so CI stays fast.
 */

const runsPerOperation = 12;
const startup = 60_000;

interface Schema {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly format?: string;
  readonly pattern?: string;
  readonly properties?: Record<string, Schema>;
  readonly required?: readonly string[];
  readonly items?: Schema;
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
  readonly allOf?: readonly Schema[];
  readonly minimum?: number;
  readonly maximum?: number;
}

interface Parameter {
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly name: string;
  readonly required?: boolean;
  readonly schema?: Schema;
}

interface Operation {
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { content?: Record<string, { schema?: Schema }> };
}

interface OpenApiDocument {
  readonly paths: Record<string, Record<string, Operation>>;
  readonly components?: { schemas?: Record<string, Schema> };
}

/** 5,000 levels: what overflowed the idempotency canonicaliser's stack. */
const deeplyNestedJson = `${'['.repeat(5000)}${']'.repeat(5000)}`;
const deeplyNestedObject = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;

const hostileStrings = [
  '\u0000',
  'a\u0000b',
  '1000001\u0000',
  '\u0007\u001b[31m',
  '\r\n\tx',
  '\u007f',
  '\u2028',
  '9999-12-31',
  '0000-01-01',
  '1900-01-01',
  '2026-02-30',
  '-1',
  '1e309',
  '99999999999999999999999999',
  'NaN',
  '',
  ' ',
  '𠮷野家',
  '../../etc/passwd',
  "' OR 1=1 --",
  '%00',
  '<script>alert(1)</script>',
  'x'.repeat(5000),
];

const hostileString = fc.constantFrom(...hostileStrings);
const hostileValue = fc.oneof(
  hostileString,
  fc.constantFrom<unknown>(null, true, -1, 0, 1.5, 1e308, -1e308, [], {}, [[[[]]]], { a: { b: {} } }),
);

const isoDateArbitrary = fc.oneof(
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
  fc.constantFrom('9999-12-31', '0001-01-01', '2026-13-01', '2026-11-31', '+275760-09-13'),
);

function resolve(schema: Schema, document: OpenApiDocument): Schema {
  if (schema.$ref === undefined) return schema;
  const name = schema.$ref.replace('#/components/schemas/', '');
  return document.components?.schemas?.[name] ?? {};
}

function typesOf(schema: Schema): readonly string[] {
  if (schema.type === undefined) return [];
  return typeof schema.type === 'string' ? [schema.type] : schema.type;
}

/** Values that fit the schema, most of the time; hostile ones the rest (weights keep both common). */
function arbitraryOf(raw: Schema, document: OpenApiDocument, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(raw, document);
  const fitting = fittingArbitrary(schema, document, depth);
  return fc.oneof({ arbitrary: fitting, weight: 3 }, { arbitrary: hostileValue, weight: 1 });
}

function fittingArbitrary(schema: Schema, document: OpenApiDocument, depth: number): fc.Arbitrary<unknown> {
  if (depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum !== undefined && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives !== undefined && alternatives.length > 0) {
    return fc.oneof(...alternatives.map((inner) => arbitraryOf(inner, document, depth + 1)));
  }
  if (schema.allOf !== undefined && schema.allOf.length > 0) {
    return arbitraryOf(schema.allOf[0]!, document, depth + 1);
  }
  const type = typesOf(schema).find((candidate) => candidate !== 'null');
  switch (type) {
    case 'string':
      if (schema.format === 'date') return isoDateArbitrary;
      if (schema.format === 'date-time') {
        return isoDateArbitrary.map((date) => `${date}T00:00:00+09:00`);
      }
      if (schema.pattern !== undefined) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern), { maxLength: 40 });
        } catch {
          return fc.string({ maxLength: 40 });
        }
      }
      return fc.string({ maxLength: 40, unit: 'grapheme-composite' });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000_000 });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(arbitraryOf(schema.items ?? {}, document, depth + 1), { maxLength: 3 });
    case 'object': {
      const properties = schema.properties ?? {};
      const names = Object.keys(properties);
      if (names.length === 0) return fc.dictionary(fc.string({ maxLength: 8 }), hostileValue, { maxKeys: 3 });
      return fc.record(
        Object.fromEntries(names.map((name) => [name, arbitraryOf(properties[name]!, document, depth + 1)])),
        { requiredKeys: (schema.required ?? []).filter((name) => names.includes(name)) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values that exist in the test database, so probes reach past the not-found answers. */
const knownValues: Readonly<Record<string, string>> = { code: 'FUZZF001', fundCode: 'FUZZF001' };

type ProbeKind =
  'nul-in-free-text' | 'nul-everywhere' | 'control-in-free-text' | 'far-dates' | 'first-date' | 'last-date';

/** The leaf a probe puts in a string field; undefined: a fitting value. */
function probeString(schema: Schema, kind: ProbeKind): string | undefined {
  const freeText = schema.pattern === undefined && schema.format === undefined;
  switch (kind) {
    case 'nul-in-free-text':
      if (freeText) return 'テスト\u0000値';
      return schema.format === 'email' ? 'a\u0000b@example.jp' : undefined;
    case 'control-in-free-text':
      return freeText ? 'テスト\u001b[2J' : undefined;
    case 'nul-everywhere':
      return '\u0000';
    case 'first-date':
      return schema.format === 'date' ? earliestIsoDate : undefined;
    case 'last-date':
      return schema.format === 'date' ? latestIsoDate : undefined;
    case 'far-dates':
      if (schema.format === 'date') return '9999-12-31';
      return schema.format === 'date-time' ? '9999-12-31T23:59:59+09:00' : undefined;
  }
}

/**
 * A value of the schema with every property present: fitting values, except the leaves the probe is about
 * (the audit's findings as a class: NUL or control characters in text, dates at the end of the calendar).
 */
function probeValue(
  raw: Schema,
  document: OpenApiDocument,
  kind: ProbeKind,
  depth = 0,
  name?: string,
): unknown {
  const schema = resolve(raw, document);
  if (depth > 6) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum !== undefined && schema.enum.length > 0) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (alternatives !== undefined && alternatives.length > 0) {
    const nonNull = alternatives.find((inner) => !typesOf(resolve(inner, document)).includes('null'));
    return probeValue(nonNull ?? alternatives[0]!, document, kind, depth + 1);
  }
  const type = typesOf(schema).find((candidate) => candidate !== 'null');
  switch (type) {
    case 'string':
      return (
        probeString(schema, kind) ??
        (name === undefined ? undefined : knownValues[name]) ??
        fc.sample(fittingArbitrary(schema, document, depth), { numRuns: 1, seed: 7 })[0]
      );
    case 'array':
      return [probeValue(schema.items ?? {}, document, kind, depth + 1)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([name, inner]) => [
          name,
          probeValue(inner, document, kind, depth + 1, name),
        ]),
      );
    default:
      return fc.sample(fittingArbitrary(schema, document, depth), { numRuns: 1, seed: 7 })[0];
  }
}

const probeKinds: readonly ProbeKind[] = [
  'nul-in-free-text',
  'nul-everywhere',
  'control-in-free-text',
  'far-dates',
  'first-date',
  'last-date',
];

interface Call {
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly payload?: string;
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

interface CallParts {
  readonly pathValues: Record<string, unknown>;
  readonly queryValues: Record<string, unknown>;
  readonly headerValues: Record<string, unknown>;
  readonly body: string | undefined;
  readonly idempotencyKey: string;
}

function parametersOf(operation: Operation, where: Parameter['in']): readonly Parameter[] {
  return (operation.parameters ?? []).filter((parameter) => parameter.in === where);
}

function contentTypeOf(operation: Operation): [string, Schema | undefined] {
  const [contentType, media] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [
    'application/json',
  ];
  return [contentType, media?.schema];
}

function callOf(path: string, operation: Operation, parts: CallParts, token: string): Call {
  const [contentType] = contentTypeOf(operation);
  const filledPath = path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    encodeURIComponent(textOf(parts.pathValues[name] ?? 'x')),
  );
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parts.queryValues)) {
    if (value !== undefined) query.append(name, textOf(value));
  }
  const payload = parts.body;
  const headers: Record<string, string> = {
    host: 'localhost:3000',
    authorization: `Bearer ${token}`,
    'content-type': payload?.startsWith('[') || payload?.startsWith('{') ? 'application/json' : contentType,
  };
  // header values cannot carry control characters at all (HTTP refuses them before the app)
  const headerSafe = (value: string) => value.replace(new RegExp(controlCharacterPattern, 'g'), '');
  if (parts.idempotencyKey !== '') headers['idempotency-key'] = headerSafe(parts.idempotencyKey);
  for (const [name, value] of Object.entries(parts.headerValues)) {
    if (value !== undefined && name.toLowerCase() !== 'authorization') {
      headers[name.toLowerCase()] = headerSafe(textOf(value));
    }
  }
  const search = query.toString();
  return {
    url: search === '' ? filledPath : `${filledPath}?${search}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  };
}

function randomParts(operation: Operation, document: OpenApiDocument): fc.Arbitrary<CallParts> {
  const valuesOf = (list: readonly Parameter[]) =>
    fc.record(
      Object.fromEntries(
        list.map((parameter) => [parameter.name, arbitraryOf(parameter.schema ?? {}, document)]),
      ),
      {
        requiredKeys: list.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name),
      },
    );
  const [contentType, schema] = contentTypeOf(operation);
  const body: fc.Arbitrary<string | undefined> = fc.oneof(
    {
      arbitrary: (schema === undefined ? fc.jsonValue({ maxDepth: 3 }) : arbitraryOf(schema, document)).map(
        (value) => encodeBody(contentType, value),
      ),
      weight: 4,
    },
    { arbitrary: fc.constantFrom(deeplyNestedJson, deeplyNestedObject), weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
  return fc.record({
    pathValues: valuesOf(parametersOf(operation, 'path')),
    queryValues: valuesOf(parametersOf(operation, 'query')),
    headerValues: valuesOf(parametersOf(operation, 'header')),
    body,
    idempotencyKey: fc.oneof(fc.uuid(), hostileString),
  });
}

/** The deterministic probes of an operation: each probe kind over all its inputs, and deep nesting. */
function probeParts(operation: Operation, document: OpenApiDocument): CallParts[] {
  const [contentType, schema] = contentTypeOf(operation);
  const valuesOf = (list: readonly Parameter[], kind: ProbeKind) =>
    Object.fromEntries(
      list.map((parameter) => [
        parameter.name,
        probeValue(parameter.schema ?? {}, document, kind, 0, parameter.name),
      ]),
    );
  const probes = probeKinds.map((kind, index) => ({
    pathValues: valuesOf(parametersOf(operation, 'path'), kind),
    queryValues: valuesOf(parametersOf(operation, 'query'), kind),
    headerValues: valuesOf(parametersOf(operation, 'header'), kind),
    body: schema === undefined ? undefined : encodeBody(contentType, probeValue(schema, document, kind)),
    idempotencyKey: `probe-${kind}-${index}`,
  }));
  const fitting = { ...probes[0]!, ...fittingParameters(operation, document) };
  return [
    ...probes,
    { ...fitting, body: deeplyNestedJson, idempotencyKey: 'probe-deep-array' },
    { ...fitting, body: deeplyNestedObject, idempotencyKey: 'probe-deep-object' },
  ];
}

function fittingParameters(operation: Operation, document: OpenApiDocument) {
  const valuesOf = (list: readonly Parameter[]) =>
    Object.fromEntries(
      list.map((parameter) => [
        parameter.name,
        fc.sample(fittingArbitrary(resolve(parameter.schema ?? {}, document), document, 0), {
          numRuns: 1,
          seed: 3,
        })[0],
      ]),
    );
  return {
    pathValues: valuesOf(parametersOf(operation, 'path')),
    queryValues: valuesOf(parametersOf(operation, 'query')),
    headerValues: valuesOf(parametersOf(operation, 'header')),
  };
}

function encodeBody(contentType: string, value: unknown): string {
  if (contentType === 'application/x-www-form-urlencoded' && value !== null && typeof value === 'object') {
    const form = new URLSearchParams();
    for (const [name, entry] of Object.entries(value)) form.append(name, textOf(entry));
    return form.toString();
  }
  return JSON.stringify(value) ?? 'null';
}

let database: TestDatabase;
let app: App;
let token: string;
const accountNumber = '3300001';

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp({ database, env: manySignInsEnv });
  await insertFund(database.db, { code: 'FUZZF001' });
  await insertCustomer(database.db, accountNumber);
  token = await accessTokenOf(app, accountNumber);
}, startup);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('fuzz of every operation of /docs/json', () => {
  it(
    'answers no 5xx to generated and hostile parameters and bodies on any operation',
    { timeout: 240_000 },
    async () => {
      const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json<OpenApiDocument>();
      const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.entries(methods)
          .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
      );
      expect(operations.length).toBeGreaterThan(50);
      const failures: string[] = [];
      for (const { path, method, operation } of operations) {
        const send = async (parts: CallParts): Promise<boolean> => {
          const call = callOf(path, operation, parts, token);
          const response = await app.inject({
            method: method as 'GET',
            url: call.url,
            headers: call.headers,
            ...(call.payload === undefined || method === 'GET' ? {} : { payload: call.payload }),
          });
          if (response.statusCode < 500) return true;
          failures.push(
            `${method} ${call.url.slice(0, 160)} ${(call.payload ?? '').slice(0, 120)} → ${response.statusCode}`,
          );
          return false;
        };
        for (const parts of probeParts(operation, document)) await send(parts);
        await fc
          .assert(fc.asyncProperty(randomParts(operation, document), send), {
            numRuns: runsPerOperation,
            seed: 13,
            endOnFailure: true,
          })
          .catch(() => undefined);
        // a call may have ended the session (sign-out, revocation): the next operation gets a fresh one
        const check = await app.inject({
          method: 'GET',
          url: '/v1/wb4UserStatus',
          headers: { host: 'localhost:3000', authorization: `Bearer ${token}` },
        });
        if (check.statusCode === 401) token = await accessTokenOf(app, accountNumber);
      }
      expect(failures).toEqual([]);
    },
  );
});
