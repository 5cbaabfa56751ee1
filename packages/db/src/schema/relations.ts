import { relations } from 'drizzle-orm';
import { customers } from './customers.ts';
import { informationReads, informations } from './informations.ts';
import { updateAccountRequests } from './update-account-requests.ts';

// Relations only feed drizzle's relational query API (`db.query.customers.findMany({ with: ... })`);
// they create nothing in the database.

export const customersRelations = relations(customers, ({ many }) => ({
  updateAccountRequests: many(updateAccountRequests),
  informations: many(informations),
  informationReads: many(informationReads),
}));

export const updateAccountRequestsRelations = relations(updateAccountRequests, ({ one }) => ({
  customer: one(customers, { fields: [updateAccountRequests.customerId], references: [customers.id] }),
}));

export const informationsRelations = relations(informations, ({ one, many }) => ({
  customer: one(customers, { fields: [informations.customerId], references: [customers.id] }),
  reads: many(informationReads),
}));

export const informationReadsRelations = relations(informationReads, ({ one }) => ({
  customer: one(customers, { fields: [informationReads.customerId], references: [customers.id] }),
  information: one(informations, { fields: [informationReads.informationId], references: [informations.id] }),
}));
