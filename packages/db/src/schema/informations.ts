import { index, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.ts';
import { customers } from './customers.ts';

/**
 * Which badge a notice counts towards: `important` feeds /v1/badges/information, `others` feeds
 * /v1/badges/informationOthers.
 */
export const informationCategory = pgEnum('information_category', ['important', 'others']);
export type InformationCategory = (typeof informationCategory.enumValues)[number];

/** お知らせ: notices shown on /notifications, either for every customer or for one customer. */
export const informations = pgTable(
  'informations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null: a notice for every customer. Set: a notice for that customer only. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    category: informationCategory('category').notNull(),
    title: text('title').notNull(),
    /** Rich text (HTML) as authored; sanitised with the spec's allow-list where it is displayed, not here. */
    body: text('body').notNull(),
    /** A notice becomes visible at this instant, so notices can be prepared ahead of time. */
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [index('informations_customer_id_published_at_idx').on(table.customerId, table.publishedAt)],
);

export type Information = typeof informations.$inferSelect;
export type NewInformation = typeof informations.$inferInsert;

/**
 * 既読: one row per notice a customer has opened. Unread = visible to the customer and without a row here,
 * so the unread count per category is a single anti-join; marking read is an idempotent insert.
 */
export const informationReads = pgTable(
  'information_reads',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    informationId: uuid('information_id')
      .notNull()
      .references(() => informations.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.informationId] }),
    index('information_reads_information_id_idx').on(table.informationId),
  ],
);

export type InformationRead = typeof informationReads.$inferSelect;
export type NewInformationRead = typeof informationReads.$inferInsert;
