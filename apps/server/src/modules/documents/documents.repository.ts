import {
  customers,
  deliveredDocumentReads,
  deliveredDocuments,
  funds,
  type DatabaseExecutor,
  type NewDeliveredDocument,
  type DeliveredDocumentKind,
} from '@fund/db';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import { addresseeName, type DocumentAddressee } from './document-html.ts';

export interface DocumentSummaryRow {
  readonly id: string;
  readonly kind: DeliveredDocumentKind;
  readonly title: string;
  readonly issuedOn: string;
  readonly orderId: string | null;
  /** 既読: the customer has opened it. */
  readonly read: boolean;
}

export interface DocumentRow extends DocumentSummaryRow {
  readonly body: string;
}

const summaryColumns = {
  id: deliveredDocuments.id,
  kind: deliveredDocuments.kind,
  title: deliveredDocuments.title,
  issuedOn: deliveredDocuments.issuedOn,
  orderId: deliveredDocuments.orderId,
  readAt: deliveredDocumentReads.readAt,
};

/** The customer's own read row joins each document: `read` is whether there is one. */
function readRowOf(customerId: string): SQL | undefined {
  return and(
    eq(deliveredDocumentReads.documentId, deliveredDocuments.id),
    eq(deliveredDocumentReads.customerId, customerId),
  );
}

function withRead<T extends { readonly readAt: Date | null }>({
  readAt,
  ...row
}: T): Omit<T, 'readAt'> & {
  readonly read: boolean;
} {
  return { ...row, read: readAt !== null };
}

/** The customer's 電子交付書面, newest first (no bodies). */
export async function listDocuments(db: DatabaseExecutor, customerId: string): Promise<DocumentSummaryRow[]> {
  const rows = await db
    .select(summaryColumns)
    .from(deliveredDocuments)
    .leftJoin(deliveredDocumentReads, readRowOf(customerId))
    .where(eq(deliveredDocuments.customerId, customerId))
    .orderBy(
      desc(deliveredDocuments.issuedOn),
      desc(deliveredDocuments.createdAt),
      desc(deliveredDocuments.id),
    );
  return rows.map(withRead);
}

/**
 * One document with its body, only if it is this customer's: another customer's document is not found
 * (the caller answers 404 and cannot tell it exists, security.md 23).
 */
export async function findDocument(
  db: DatabaseExecutor,
  customerId: string,
  documentId: string,
): Promise<DocumentRow | undefined> {
  const [row] = await db
    .select({ ...summaryColumns, body: deliveredDocuments.body })
    .from(deliveredDocuments)
    .leftJoin(deliveredDocumentReads, readRowOf(customerId))
    .where(and(eq(deliveredDocuments.id, documentId), eq(deliveredDocuments.customerId, customerId)));
  return row === undefined ? undefined : withRead(row);
}

/** When the customer's own document was first read, if it has been; undefined when it is not theirs. */
async function readTimeOf(
  db: DatabaseExecutor,
  customerId: string,
  documentId: string,
): Promise<{ readonly readAt: Date | null } | undefined> {
  const [row] = await db
    .select({ readAt: deliveredDocumentReads.readAt })
    .from(deliveredDocuments)
    .leftJoin(deliveredDocumentReads, readRowOf(customerId))
    .where(and(eq(deliveredDocuments.id, documentId), eq(deliveredDocuments.customerId, customerId)));
  return row;
}

/**
 * Marks the customer's document read; idempotent (the first read time is kept). Returns the read time, or
 * undefined when the document is not the customer's (the caller answers 404 as for the detail).
 */
export async function markDocumentRead(
  db: DatabaseExecutor,
  customerId: string,
  documentId: string,
  now: Date,
): Promise<Date | undefined> {
  const document = await readTimeOf(db, customerId, documentId);
  if (document === undefined) return undefined;
  if (document.readAt !== null) return document.readAt;
  // a concurrent first read wins the primary key; this call then answers with its time
  const [inserted] = await db
    .insert(deliveredDocumentReads)
    .values({ customerId, documentId, readAt: now })
    .onConflictDoNothing()
    .returning({ readAt: deliveredDocumentReads.readAt });
  if (inserted !== undefined) return inserted.readAt;
  return (await readTimeOf(db, customerId, documentId))?.readAt ?? now;
}

/** Whom a document is addressed to: 氏名 (or 商号) and 口座番号. */
export async function addresseeOf(db: DatabaseExecutor, customerId: string): Promise<DocumentAddressee> {
  const [customer] = await db
    .select({
      accountNumber: customers.accountNumber,
      lastName: customers.lastName,
      firstName: customers.firstName,
      accountRole: customers.accountRole,
    })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (customer === undefined) throw new Error(`No customer ${customerId}`);
  return { name: addresseeName(customer), accountNumber: customer.accountNumber };
}

/** The names a document gives a fund; undefined when there is no such fund. */
export async function fundNamesOf(db: DatabaseExecutor, fundId: string) {
  const [fund] = await db
    .select({ name: funds.name, shortName: funds.shortName, code: funds.code })
    .from(funds)
    .where(eq(funds.id, fundId));
  return fund;
}

/**
 * Delivers a document; whether it was written now (false: the unique index on its order or period and kind
 * found it delivered already).
 */
export async function deliverDocument(
  db: DatabaseExecutor,
  document: NewDeliveredDocument,
): Promise<boolean> {
  const written = await db
    .insert(deliveredDocuments)
    .values(document)
    .onConflictDoNothing()
    .returning({ id: deliveredDocuments.id });
  return written.length > 0;
}
