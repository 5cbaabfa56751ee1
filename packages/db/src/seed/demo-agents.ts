import type { DatabaseExecutor } from '../database.ts';
import { customerAgents, type NewCustomerAgent } from '../schema/index.ts';
import { demoCustomers } from './demo-customers.ts';

export interface DemoAgent extends Omit<NewCustomerAgent, 'customerId' | 'createdAt' | 'updatedAt'> {
  readonly accountNumber: string;
}

/**
 * The demo accounts' 代理人 (decision 020): the corporation's 代表者, and 青木 健太 (1000001) as 法定代理人
 * (father) of his children's accounts, whose mail goes to his address.
 */
export const demoAgents: readonly DemoAgent[] = [
  {
    accountNumber: '1000002',
    kind: 'REPRESENTATIVE',
    lastName: '緑川',
    firstName: '誠',
    lastNameKana: 'ミドリカワ',
    firstNameKana: 'マコト',
    relationship: '代表取締役',
  },
  {
    accountNumber: '1000003',
    kind: 'LEGAL_GUARDIAN',
    lastName: '青木',
    firstName: '健太',
    lastNameKana: 'アオキ',
    firstNameKana: 'ケンタ',
    relationship: 'FATHER',
  },
  {
    accountNumber: '1000004',
    kind: 'LEGAL_GUARDIAN',
    lastName: '青木',
    firstName: '健太',
    lastNameKana: 'アオキ',
    firstNameKana: 'ケンタ',
    relationship: 'FATHER',
  },
];

/** Idempotent: a database seeded before agents existed gets them on its next start; a change is kept. */
export async function seedDemoAgents(tx: DatabaseExecutor): Promise<void> {
  await tx
    .insert(customerAgents)
    .values(
      demoAgents.map(({ accountNumber, ...agent }) => {
        const customer = demoCustomers.find((candidate) => candidate.accountNumber === accountNumber);
        if (customer === undefined) throw new Error(`No demo customer with account number ${accountNumber}`);
        return { ...agent, customerId: customer.id };
      }),
    )
    .onConflictDoNothing();
}
