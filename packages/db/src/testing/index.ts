// @fund/db/testing — databases for tests; never imported by application code.
export { createTestDatabase, type TestDatabase, type TestDatabaseOptions } from './create-test-database.ts';
export { createPostgresTestDatabase } from './postgres-test-database.ts';
export {
  createPostgresTemplate,
  pgliteTemplateEnv,
  postgresTemplateEnv,
  writePgliteTemplate,
} from './test-database-template.ts';
