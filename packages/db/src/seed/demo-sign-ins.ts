import { and, eq, isNull } from 'drizzle-orm';
import type { Transaction } from '../database.ts';
import { customerCredentials, operatorAssignments, operators } from '../schema/index.ts';
import { demoCustomers } from './demo-customers.ts';

/**
 * Demo sign-ins: one shared, readable password for every demo customer and one operator with a temporary
 * password and one with a normal password. The hashes are argon2id with the server's parameters (m=19456,t=2,p=1), computed once with
 * the server's hasher and stored here, so seeding needs no hashing library and stays fast; a server test
 * verifies each password against its hash, so the two cannot drift apart.
 */
export const demoCustomerPassword = 'Demo-Pass-2026';
export const demoCustomerPasswordHash =
  '$argon2id$v=19$m=19456,t=2,p=1$3vmlqULAqYca9M6P96Sc3g$5f/y8Zc/Ue2Ii2wtpfu90QNX/Sn/miOhbCK59405bzk';

export interface DemoOperator {
  id: string;
  loginId: string;
  name: string;
  /** Where the operator's password-reset codes go (the development mailbox shows them). */
  email: string;
  password: string;
  passwordHash: string;
  /** Temporary: the operator must choose a new password at the first sign-in. */
  temporary: boolean;
  /**
   * 担当部店: the branches whose customers the operator may act for (operator_assignments). Every demo
   * customer is in branch 001, so operator02 serves them all and operator01 (branch 002) none of them.
   */
  branchCodes: readonly string[];
}

export const demoOperators: readonly DemoOperator[] = [
  {
    id: '20000000-0000-4000-8000-000000000001',
    loginId: 'operator01',
    name: 'オペレーター 01',
    email: 'operator01@example.jp',
    password: 'Temp-Operator-2026',
    passwordHash:
      '$argon2id$v=19$m=19456,t=2,p=1$SSwcaQSywa2VFDIoZq9gRw$coX5/IKLOeoBey+wHxGSksXGKrkzAL4wXyG1vu4AzDk',
    temporary: true,
    branchCodes: ['002'],
  },
  {
    id: '20000000-0000-4000-8000-000000000002',
    loginId: 'operator02',
    name: 'オペレーター 02',
    email: 'operator02@example.jp',
    password: 'Operator-Pass-2026',
    passwordHash:
      '$argon2id$v=19$m=19456,t=2,p=1$i75gkf60kzYLB8xNZ1NVBQ$s2+n4zIpYAbq1Eqimb36x6B/QhipfsI3c5RgLAdlwWk',
    temporary: false,
    branchCodes: ['001'],
  },
];

/**
 * Gives every demo customer its password and creates the demo operators with their branches. Idempotent and also run when
 * the demo customers exist already, so a database seeded before sign-in existed gets its passwords too;
 * an existing credential (e.g. a password the tester changed) is left alone.
 */
export async function seedDemoSignIns(tx: Transaction): Promise<void> {
  await tx
    .insert(customerCredentials)
    .values(
      demoCustomers.map((customer) => ({
        customerId: customer.id,
        passwordHash: demoCustomerPasswordHash,
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(operators)
    .values(
      demoOperators.map((operator) => ({
        id: operator.id,
        loginId: operator.loginId,
        name: operator.name,
        email: operator.email,
        passwordHash: operator.passwordHash,
        temporaryPassword: operator.temporary,
      })),
    )
    .onConflictDoNothing();
  // Operators seeded before they had an address get theirs (a changed address is left alone).
  for (const operator of demoOperators) {
    await tx
      .update(operators)
      .set({ email: operator.email })
      .where(and(eq(operators.id, operator.id), isNull(operators.email)));
  }
  // Operators seeded before branches existed get theirs; an added branch is kept (a removed one returns).
  await tx
    .insert(operatorAssignments)
    .values(
      demoOperators.flatMap((operator) =>
        operator.branchCodes.map((branchCode) => ({ operatorId: operator.id, branchCode })),
      ),
    )
    .onConflictDoNothing();
}
