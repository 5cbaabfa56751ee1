import { auditLog, type DatabaseExecutor } from '@fund/db';

/** The audit log's one write: the table is append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export async function insertAuditRow(db: DatabaseExecutor, row: typeof auditLog.$inferInsert): Promise<void> {
  await db.insert(auditLog).values(row);
}
