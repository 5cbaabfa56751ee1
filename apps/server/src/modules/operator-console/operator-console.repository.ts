import { OperatorConsoleAction, type OperatorAuditEntry, type OperatorCustomer } from '@fund/contracts';
import { auditLog, customers, operatorAssignments, operators, type Database } from '@fund/db';
import { and, desc, eq, inArray, isNull, like, lt, sql, type SQL } from 'drizzle-orm';

const customerColumns = {
  accountNumber: customers.accountNumber,
  branchCode: customers.branchCode,
  lastName: customers.lastName,
  firstName: customers.firstName,
  lastNameKana: customers.lastNameKana,
  firstNameKana: customers.firstNameKana,
  accountRole: customers.accountRole,
  equityStatus: customers.equityStatus,
  locked: customers.locked,
};

/**
 * The branches (部店コード) whose customers the operator serves (decision 009); none while the operator
 * is locked, as act-as refuses a locked operator.
 */
function assignedBranches(db: Database, operatorId: string) {
  return db
    .select({ branchCode: operatorAssignments.branchCode })
    .from(operatorAssignments)
    .innerJoin(operators, eq(operators.id, operatorAssignments.operatorId))
    .where(and(eq(operatorAssignments.operatorId, operatorId), isNull(operators.lockedAt)));
}

/** `LIKE` metacharacters of user input taken literally. */
function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export interface CustomerSearch {
  readonly accountNumber?: string | undefined;
  readonly nameKana?: string | undefined;
}

/**
 * Customers of the operator's branches whose 口座番号 starts with the given digits and whose full kana
 * (family then given name, spaces ignored) contains the given kana; at most `limit + 1` rows, so the
 * caller can tell that more matched. Ordered by 口座番号.
 */
export async function searchCustomersOfOperator(
  db: Database,
  operatorId: string,
  search: CustomerSearch,
  limit: number,
): Promise<OperatorCustomer[]> {
  const conditions: SQL[] = [inArray(customers.branchCode, assignedBranches(db, operatorId))];
  if (search.accountNumber !== undefined)
    conditions.push(like(customers.accountNumber, `${escapeLike(search.accountNumber)}%`));
  if (search.nameKana !== undefined) {
    const kana = search.nameKana.replace(/[\s\u3000]/g, '');
    conditions.push(
      sql`(${customers.lastNameKana} || ${customers.firstNameKana}) like ${`%${escapeLike(kana)}%`}`,
    );
  }
  return db
    .select(customerColumns)
    .from(customers)
    .where(and(...conditions))
    .orderBy(customers.accountNumber)
    .limit(limit + 1);
}

/** The customer with this 口座番号, with whether the operator serves its branch; undefined if none. */
export async function findCustomerForOperator(
  db: Database,
  operatorId: string,
  accountNumber: string,
): Promise<{ id: string; served: boolean; customer: OperatorCustomer } | undefined> {
  const [row] = await db
    .select({
      id: customers.id,
      served: sql<boolean>`${customers.branchCode} in (${assignedBranches(db, operatorId)})`,
      ...customerColumns,
    })
    .from(customers)
    .where(eq(customers.accountNumber, accountNumber))
    .limit(1);
  if (row === undefined) return undefined;
  const { id, served, ...customer } = row;
  return { id, served, customer };
}

/**
 * The operator's own audit rows (actor = this operator), newest first, before `before` when given; at
 * most `limit + 1`, so the caller can tell that there are more. The customer is joined for its 口座番号
 * and name (null when the row named none, or the customer no longer exists).
 */
/** A search row's criteria as recorded (rows from before decision 038 carry no length). */
function searchOf(details: Record<string, unknown>): NonNullable<OperatorAuditEntry['search']> {
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const whole = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) ? value : null);
  return {
    accountNumber: text(details['accountNumber']),
    nameKana: text(details['nameKana']),
    nameKanaLength: whole(details['nameKanaLength']),
    matches: whole(details['matches']),
  };
}

export async function auditTrailOfOperator(
  db: Database,
  operatorId: string,
  before: Date | undefined,
  limit: number,
): Promise<OperatorAuditEntry[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      occurredAt: auditLog.occurredAt,
      action: auditLog.action,
      outcome: auditLog.outcome,
      details: auditLog.details,
      accountNumber: customers.accountNumber,
      lastName: customers.lastName,
      firstName: customers.firstName,
    })
    .from(auditLog)
    .leftJoin(customers, eq(customers.id, auditLog.subjectCustomerId))
    .where(
      and(
        eq(auditLog.actorType, 'operator'),
        eq(auditLog.actorId, operatorId),
        before === undefined ? undefined : lt(auditLog.occurredAt, before),
      ),
    )
    .orderBy(desc(auditLog.occurredAt), desc(auditLog.id))
    .limit(limit + 1);
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return rows.map((row) => ({
    id: row.id,
    occurredAt: row.occurredAt.toISOString(),
    action: row.action,
    outcome: row.outcome,
    customer:
      row.accountNumber === null
        ? null
        : { accountNumber: row.accountNumber, name: `${row.lastName ?? ''} ${row.firstName ?? ''}`.trim() },
    method: text(row.details['method']),
    path: text(row.details['path']),
    reason: text(row.details['reason']),
    search: row.action === OperatorConsoleAction.customerSearch ? searchOf(row.details) : null,
  }));
}
