import {
  customers,
  nisaRequests,
  updateAccountRequests,
  type AccountRole,
  type Database,
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

/**
 * The signed-in customer's own row (undefined when the token names a customer that no longer exists), as a
 * prepared statement: every root load asks for it several times, and building the SQL each time cost more
 * than running it.
 */
export function prepareFindAccount(db: Database): (customerId: string) => Promise<AccountRow | undefined> {
  const prepare = () =>
    db
      .select({
        id: customers.id,
        accountNumber: customers.accountNumber,
        branchCode: customers.branchCode,
        lastName: customers.lastName,
        firstName: customers.firstName,
        lastNameKana: customers.lastNameKana,
        firstNameKana: customers.firstNameKana,
        accountRole: customers.accountRole,
        equityStatus: customers.equityStatus,
        lastConfirmedOn: customers.lastConfirmedOn,
        identityMigratedAt: customers.identityMigratedAt,
      })
      .from(customers)
      .where(eq(customers.id, sql.placeholder('customerId')))
      .limit(1)
      .prepare('accounts_find_account');
  let query: ReturnType<typeof prepare> | undefined; // prepared at first use, not while the app boots
  return async (customerId) => (await (query ??= prepare()).execute({ customerId }))[0];
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
