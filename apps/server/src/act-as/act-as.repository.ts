import { customers, operatorAssignments, operators, type DatabaseExecutor } from '@fund/db';
import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { isUuid } from '../audit/audit-log.ts';

/** How the act-as header names the acted-for customer: its uuid or its 口座番号 (seven digits). */
export type ActedForCustomerReference =
  | { readonly by: 'id'; readonly id: string }
  | { readonly by: 'accountNumber'; readonly accountNumber: string };

/** The acted-for customer as the header named it. */
export interface ActedForCustomer {
  readonly id: string;
  /** 口座番号. */
  readonly accountNumber: string;
}

/** The acted-for customer with what decides whether this operator may act for them. */
export interface ActedForCustomerWithRights extends ActedForCustomer {
  /** The operator is assigned to the customer's branch. */
  readonly assigned: boolean;
  /** The operator's account is locked (after its first token was issued). */
  readonly operatorLocked: boolean;
}

const accountNumberPattern = /^[0-9]{7}$/;

/** The customer reference in the header's text; null when it is neither a uuid nor a 口座番号. */
export function actedForCustomerReference(header: string): ActedForCustomerReference | null {
  if (isUuid(header)) return { by: 'id', id: header.toLowerCase() };
  if (accountNumberPattern.test(header)) return { by: 'accountNumber', accountNumber: header };
  return null;
}

function isNamed(reference: ActedForCustomerReference): SQL {
  return reference.by === 'id'
    ? eq(customers.id, reference.id)
    : eq(customers.accountNumber, reference.accountNumber);
}

/** The customer the header names, or undefined when there is none. */
export async function findActedForCustomer(
  db: DatabaseExecutor,
  reference: ActedForCustomerReference,
): Promise<ActedForCustomer | undefined> {
  const [row] = await db
    .select({ id: customers.id, accountNumber: customers.accountNumber })
    .from(customers)
    .where(isNamed(reference))
    .limit(1);
  return row;
}

/**
 * The customer the header names and the operator's rights over them, in one statement (act-as runs on
 * every call of an acting operator); undefined when the header names no customer.
 */
export async function findActedForCustomerWithRights(
  db: DatabaseExecutor,
  operatorId: string,
  reference: ActedForCustomerReference,
): Promise<ActedForCustomerWithRights | undefined> {
  const assignedToBranch = db
    .select({ one: sql`1` })
    .from(operatorAssignments)
    .where(
      and(
        eq(operatorAssignments.operatorId, operatorId),
        eq(operatorAssignments.branchCode, customers.branchCode),
      ),
    );
  const lockedOperator = db
    .select({ one: sql`1` })
    .from(operators)
    .where(and(eq(operators.id, operatorId), isNotNull(operators.lockedAt)));
  const [row] = await db
    .select({
      id: customers.id,
      accountNumber: customers.accountNumber,
      assigned: sql<boolean>`exists (${assignedToBranch})`,
      operatorLocked: sql<boolean>`exists (${lockedOperator})`,
    })
    .from(customers)
    .where(isNamed(reference))
    .limit(1);
  return row;
}
