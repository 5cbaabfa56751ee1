import {
  customers,
  nisaRequests,
  updateAccountRequests,
  namedStatement,
  runNamedStatement,
  type AccountRole,
  type DatabaseExecutor,
  type EquityStatus,
  type NisaRequestKind,
  type UpdateAccountRequestKind,
} from '@fund/db';
import { and, asc, desc, eq, sql } from 'drizzle-orm';

export interface AccountRow {
  readonly id: string;
  readonly accountNumber: string;
  readonly branchCode: string;
  readonly lastName: string;
  readonly firstName: string;
  readonly lastNameKana: string;
  readonly firstNameKana: string;
  readonly accountRole: AccountRole;
  readonly equityStatus: EquityStatus;
  readonly lastConfirmedOn: string | null;
  readonly identityMigratedAt: Date | null;
}

interface AccountStatementRow extends Omit<AccountRow, 'identityMigratedAt'>, Record<string, unknown> {
  readonly identityMigratedAt: string | null;
}

const findAccountStatement = namedStatement<AccountStatementRow>(
  'accounts_find_account',
  sql`SELECT ${customers.id} AS "id", ${customers.accountNumber} AS "accountNumber",
      ${customers.branchCode} AS "branchCode", ${customers.lastName} AS "lastName",
      ${customers.firstName} AS "firstName", ${customers.lastNameKana} AS "lastNameKana",
      ${customers.firstNameKana} AS "firstNameKana", ${customers.accountRole} AS "accountRole",
      ${customers.equityStatus} AS "equityStatus", ${customers.lastConfirmedOn} AS "lastConfirmedOn",
      ${customers.identityMigratedAt} AS "identityMigratedAt"
    FROM ${customers} WHERE ${customers.id} = ${sql.placeholder('customerId')}::uuid`,
);

/**
 * The signed-in customer's own row (undefined when the token names a customer that no longer exists), as a
 * named statement: every root load asks for it several times, and building the SQL each time cost more
 * than running it.
 */
export async function findAccount(db: DatabaseExecutor, customerId: string): Promise<AccountRow | undefined> {
  const [row] = await runNamedStatement(db, findAccountStatement, { customerId });
  if (row === undefined) return undefined;
  // timestamptz comes as the driver's text ("2026-11-21 03:00:00.123+00"), which Date reads as Drizzle does
  return {
    ...row,
    identityMigratedAt: row.identityMigratedAt === null ? null : new Date(row.identityMigratedAt),
  };
}

export interface PendingUpdateAccountRequest {
  readonly id: string;
  readonly kind: UpdateAccountRequestKind;
  readonly requestedAt: Date;
}

/** The customer's pending account-update request (the newest, should there ever be several). */
export async function findPendingUpdateAccountRequest(
  db: DatabaseExecutor,
  customerId: string,
): Promise<PendingUpdateAccountRequest | undefined> {
  const [row] = await db
    .select({
      id: updateAccountRequests.id,
      kind: updateAccountRequests.kind,
      requestedAt: updateAccountRequests.requestedAt,
    })
    .from(updateAccountRequests)
    .where(and(eq(updateAccountRequests.customerId, customerId), eq(updateAccountRequests.status, 'PENDING')))
    .orderBy(desc(updateAccountRequests.requestedAt))
    .limit(1);
  return row;
}

export interface PendingNisaRequest {
  readonly id: string;
  readonly kind: NisaRequestKind;
  readonly requestedAt: Date;
}

/** The customer's NISA applications still under review, oldest first. */
export async function listPendingNisaRequests(
  db: DatabaseExecutor,
  customerId: string,
): Promise<PendingNisaRequest[]> {
  return db
    .select({ id: nisaRequests.id, kind: nisaRequests.kind, requestedAt: nisaRequests.requestedAt })
    .from(nisaRequests)
    .where(and(eq(nisaRequests.customerId, customerId), eq(nisaRequests.status, 'PENDING')))
    .orderBy(asc(nisaRequests.requestedAt), asc(nisaRequests.id));
}
