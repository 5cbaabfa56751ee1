import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { operators } from './operators.ts';

/**
 * 担当部店: the branches (部店コード) whose customers an operator may serve. An operator acts for a
 * customer (act-as header, spec §6) only when one of its rows names the customer's branch; an operator
 * without rows serves nobody (security.md 22, decision 009).
 */
export const operatorAssignments = pgTable(
  'operator_assignments',
  {
    operatorId: uuid('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    /** 部店コード, as in `customers.branch_code`. */
    branchCode: varchar('branch_code', { length: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.operatorId, table.branchCode] }),
    check('operator_assignments_branch_code_format', sql`${table.branchCode} ~ '^[0-9]{3}$'`),
  ],
);

export type OperatorAssignment = typeof operatorAssignments.$inferSelect;
export type NewOperatorAssignment = typeof operatorAssignments.$inferInsert;
