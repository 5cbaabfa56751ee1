// Public API of @fund/db: open PGlite or PostgreSQL behind one type, migrate, seed, and the schema.
export {
  openDatabase,
  pingDatabase,
  type Database,
  type DatabaseExecutor,
  type DatabaseHandle,
  type DatabaseKind,
  type DatabaseOptions,
  type Schema,
  type Transaction,
} from './database.ts';
export { migrateDatabase } from './migrate.ts';
export { hasDemoData, seedDemoData } from './seed/seed-demo-data.ts';
export { demoAgents } from './seed/demo-agents.ts';
export * from './schema/index.ts';
export { demoCustomers, mainDemoAccountNumber, type DemoCustomer } from './seed/demo-customers.ts';
export { closedDemoAccountNumber } from './seed/demo-root-loading.ts';
export { mainDemoCustomerUnread } from './seed/demo-informations.ts';
export {
  demoCustomerPassword,
  demoCustomerPasswordHash,
  demoOperators,
  type DemoOperator,
} from './seed/demo-sign-ins.ts';
export * from './ledger/index.ts';
export { demoFunds, seedDemoFunds } from './seed/demo-funds.ts';
export { advisoryLockKeys } from './advisory-locks.ts';
export {
  aliasedColumns,
  namedStatement,
  rowOfAliased,
  runNamedStatement,
  type NamedStatement,
} from './statements.ts';
export {
  statementBatcher,
  statementBatcherPerDatabase,
  type StatementBatcher,
  type StatementBatcherOptions,
} from './statement-batcher.ts';
