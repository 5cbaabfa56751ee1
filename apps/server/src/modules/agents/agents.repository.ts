import {
  customerAgents,
  customers,
  informations,
  type CustomerAgent,
  type DatabaseExecutor,
  type NewInformation,
} from '@fund/db';
import { eq } from 'drizzle-orm';

export interface AgentHolder {
  readonly customerId: string;
  readonly accountRole: 'ADULT' | 'CORPORATION' | 'CHILD' | 'JUNIOR_NISA';
  readonly email: string | null;
}

/** The account holder's role and mail address (where the notice mail goes). */
export async function findAgentHolder(
  db: DatabaseExecutor,
  customerId: string,
): Promise<AgentHolder | undefined> {
  const [row] = await db
    .select({ customerId: customers.id, accountRole: customers.accountRole, email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  return row;
}

export async function findAgent(
  db: DatabaseExecutor,
  customerId: string,
): Promise<CustomerAgent | undefined> {
  const [row] = await db
    .select()
    .from(customerAgents)
    .where(eq(customerAgents.customerId, customerId))
    .limit(1);
  return row;
}

export type AgentValues = Omit<CustomerAgent, 'customerId' | 'createdAt' | 'updatedAt'>;

/** Sets the account's one 代理人 (insert or replace), stamped with `at`. */
export async function upsertAgent(
  db: DatabaseExecutor,
  customerId: string,
  values: AgentValues,
  at: Date,
): Promise<CustomerAgent> {
  const [row] = await db
    .insert(customerAgents)
    .values({ customerId, ...values, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: customerAgents.customerId, set: { ...values, updatedAt: at } })
    .returning();
  if (row === undefined) throw new Error('The agent upsert returned no row');
  return row;
}

/** Posts a notice (お知らせ) to the customer's information list. */
export async function postNotice(db: DatabaseExecutor, notice: NewInformation): Promise<void> {
  await db.insert(informations).values(notice);
}
