import { inArray, sql } from 'drizzle-orm';
import { advisoryLockKeys } from '../advisory-locks.ts';
import type { DatabaseExecutor, DatabaseHandle } from '../database.ts';
import { customers, informationReads, informations, updateAccountRequests } from '../schema/index.ts';
import { seedDemoAgents } from './demo-agents.ts';
import { demoCustomers } from './demo-customers.ts';
import { seedDemoFunds } from './demo-funds.ts';
import { demoInformationReads, demoInformations } from './demo-informations.ts';
import { seedDemoPaymentAccounts } from './demo-payment-accounts.ts';
import { seedDemoRootLoading } from './demo-root-loading.ts';
import { seedDemoSignIns } from './demo-sign-ins.ts';
import { seedDemoTradingAccounts } from './demo-trading-accounts.ts';
import { demoUpdateAccountRequests } from './demo-update-account-requests.ts';

/** Whether any demo customer is in the database. */
async function demoCustomersPresent(executor: DatabaseExecutor): Promise<boolean> {
  const [existing] = await executor
    .select({ id: customers.id })
    .from(customers)
    .where(
      inArray(
        customers.accountNumber,
        demoCustomers.map((customer) => customer.accountNumber),
      ),
    )
    .limit(1);
  return existing !== undefined;
}

/** Whether this database has the demo customers: then `seedDemoData` only tops up what is missing. */
export const hasDemoData = (handle: DatabaseHandle): Promise<boolean> => demoCustomersPresent(handle.db);

/**
 * Inserts the demo data unless any demo customer exists already, so it can run on every start.
 * Everything is inserted in one transaction: a failure leaves no half-seeded database behind.
 */
export async function seedDemoData(handle: DatabaseHandle): Promise<{ seeded: boolean }> {
  return handle.db.transaction(async (tx) => {
    // two processes starting together would otherwise both see "no demo customers" and both insert
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${advisoryLockKeys.seedDemoData})`);
    await seedDemoFunds(tx); // on its own idempotent: also fills a database seeded before funds existed
    if (await demoCustomersPresent(tx)) {
      // each is idempotent: a database seeded before they existed gets them on its next start
      await seedDemoSignIns(tx);
      await seedDemoRootLoading(tx);
      await seedDemoTradingAccounts(tx);
      await seedDemoAgents(tx);
      await seedDemoPaymentAccounts(tx);
      return { seeded: false };
    }

    await tx.insert(customers).values(
      demoCustomers.map((customer) => ({
        id: customer.id,
        accountNumber: customer.accountNumber,
        branchCode: customer.branchCode,
        lastName: customer.lastName,
        firstName: customer.firstName,
        lastNameKana: customer.lastNameKana,
        firstNameKana: customer.firstNameKana,
        accountRole: customer.role,
        equityStatus: customer.equityStatus,
        locked: customer.locked,
        lastConfirmedOn: customer.lastConfirmedOn,
        birthDate: customer.birthDate,
        email: customer.email,
      })),
    );
    await tx.insert(updateAccountRequests).values(
      demoUpdateAccountRequests.map(({ accountNumber, ...request }) => ({
        ...request,
        customerId: demoCustomerId(accountNumber),
      })),
    );
    await tx.insert(informations).values(
      demoInformations.map(({ accountNumber, ...information }) => ({
        ...information,
        customerId: accountNumber === null ? null : demoCustomerId(accountNumber),
      })),
    );
    await tx.insert(informationReads).values(
      demoInformationReads.map(({ accountNumber, ...read }) => ({
        ...read,
        customerId: demoCustomerId(accountNumber),
      })),
    );
    await seedDemoRootLoading(tx);
    await seedDemoTradingAccounts(tx);
    await seedDemoPaymentAccounts(tx);
    await seedDemoSignIns(tx);
    await seedDemoAgents(tx);
    return { seeded: true };
  });
}

function demoCustomerId(accountNumber: string): string {
  const customer = demoCustomers.find((candidate) => candidate.accountNumber === accountNumber);
  if (customer === undefined) throw new Error(`No demo customer with account number ${accountNumber}`);
  return customer.id;
}
