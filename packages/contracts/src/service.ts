/**
 * The service's name and version as shown to people and tools: page titles, OpenAPI title, health
 * answer, start-up line. The version follows the spec's app version (§1) and the root package.json; a
 * test keeps the two in step.
 */
export const serviceInfo = {
  name: '投資信託 オンラインサービス',
  version: '1.0.20',
} as const;
