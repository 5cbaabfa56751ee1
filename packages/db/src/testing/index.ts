// @fund/db/testing — databases for tests; never imported by application code.
export { createTestDatabase, type TestDatabase } from './create-test-database.ts';
