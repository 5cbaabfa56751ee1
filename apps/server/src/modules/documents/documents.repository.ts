import { customers, deliveredDocuments, type DatabaseExecutor, type DeliveredDocumentKind } from '@fund/db';
import { and, desc, eq } from 'drizzle-orm';
import { addresseeName, type DocumentAddressee } from './document-html.ts';

export interface DocumentSummaryRow {
  readonly id: string;
  readonly kind: DeliveredDocumentKind;
  readonly title: string;
  readonly issuedOn: string;
  readonly orderId: string | null;
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
};

/** The customer's 電子交付書面, newest first (no bodies). */
export async function listDocuments(db: DatabaseExecutor, customerId: string): Promise<DocumentSummaryRow[]> {
  return db
    .select(summaryColumns)
    .from(deliveredDocuments)
    .where(eq(deliveredDocuments.customerId, customerId))
    .orderBy(
      desc(deliveredDocuments.issuedOn),
      desc(deliveredDocuments.createdAt),
      desc(deliveredDocuments.id),
    );
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
    .where(and(eq(deliveredDocuments.id, documentId), eq(deliveredDocuments.customerId, customerId)));
  return row;
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
