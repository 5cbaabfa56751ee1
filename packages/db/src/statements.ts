import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { DatabaseExecutor } from './database.ts';

/**
 * A statement whose SQL is built once and run by name, for the few hot paths where building the query on
 * every call and parsing it on the server cost more than the work (decision 010): each connection parses
 * and plans it once, and a call only binds values. Unlike Drizzle's `.prepare()`, it runs on whatever
 * executor it is given, so it works inside a transaction. Values are bound by placeholder name
 * (`sql.placeholder('customerId')`); rows come back as the driver reads them (bigint and dates as text).
 */
export interface NamedStatement<Row> {
  readonly name: string;
  readonly query: { readonly sql: string; readonly params: unknown[] };
  /** Type only: the row the statement returns. */
  readonly row?: Row;
}

const dialect = new PgDialect();

export function namedStatement<Row>(name: string, statement: SQL): NamedStatement<Row> {
  return { name, query: dialect.sqlToQuery(statement) };
}

export async function runNamedStatement<Row>(
  executor: DatabaseExecutor,
  statement: NamedStatement<Row>,
  values: Record<string, unknown>,
): Promise<Row[]> {
  const prepared = executor._.session.prepareQuery(
    { sql: statement.query.sql, params: statement.query.params },
    undefined,
    statement.name,
    false,
  );
  return ((await prepared.execute(values)) as { rows: Row[] }).rows;
}

/** Every column of `table`, aliased `<prefix>.<property>`, for a statement that reads a whole row. */
export function aliasedColumns(table: PgTable, prefix: string): SQL {
  return sql.join(
    Object.entries(getTableColumns(table)).map(
      ([key, column]) => sql`${column} AS ${sql.identifier(`${prefix}.${key}`)}`,
    ),
    sql`, `,
  );
}

/** The row of `table` read back from `aliasedColumns`, mapped as Drizzle maps it; undefined when null. */
export function rowOfAliased<Table extends PgTable>(
  table: Table,
  prefix: string,
  row: Record<string, unknown>,
): Table['$inferSelect'] | undefined {
  const columns = Object.entries(getTableColumns(table));
  if (columns.every(([key]) => row[`${prefix}.${key}`] === null)) return undefined;
  return Object.fromEntries(
    columns.map(([key, column]) => {
      const value = row[`${prefix}.${key}`];
      return [key, value === null ? null : column.mapFromDriverValue(value)];
    }),
  ) as Table['$inferSelect'];
}
