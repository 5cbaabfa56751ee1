import { check, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { timestamps } from './columns.ts';
import { customers } from './customers.ts';

/**
 * Who acts for an account holder who does not act alone (decision 020):
 * - LEGAL_GUARDIAN = 法定代理人 (a parent with 親権, or a court-appointed 未成年後見人) of a CHILD or
 *   JUNIOR_NISA account;
 * - REPRESENTATIVE = 代表者 of a CORPORATION account (the person who acts for the company).
 * An ADULT account has none: the holder acts for themselves.
 */
export const agentKind = pgEnum('agent_kind', ['LEGAL_GUARDIAN', 'REPRESENTATIVE']);
export type AgentKind = (typeof agentKind.enumValues)[number];

/** 代理人: at most one per account, changed by the holder's side after re-authentication. */
export const customerAgents = pgTable(
  'customer_agents',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: agentKind('kind').notNull(),
    lastName: text('last_name').notNull(),
    firstName: text('first_name').notNull(),
    lastNameKana: text('last_name_kana').notNull(),
    firstNameKana: text('first_name_kana').notNull(),
    /**
     * LEGAL_GUARDIAN: FATHER, MOTHER or GUARDIAN (未成年後見人); REPRESENTATIVE: the title (代表取締役 …).
     */
    relationship: text('relationship').notNull(),
    ...timestamps,
  },
  (table) => [
    check(
      'customer_agents_guardian_relationship',
      sql`${table.kind} <> 'LEGAL_GUARDIAN' OR ${table.relationship} IN ('FATHER', 'MOTHER', 'GUARDIAN')`,
    ),
  ],
);

export type CustomerAgent = typeof customerAgents.$inferSelect;
export type NewCustomerAgent = typeof customerAgents.$inferInsert;
