import { z } from 'zod';
import { isoDateSchema } from './request-limits.ts';

// 電子交付書面 (domain.md §7): the statutory documents issued to the customer — a 取引報告書 after each
// settled trade, the 取引残高報告書 and the 特定口座年間取引報告書. The same documents open on the balance
// service's page (signed link, GET /v6/tradeReportUrl); these calls give them to the web app with the
// customer's token. The web app imports this module's types only.

export { DocumentsPath } from './paths.ts';

export const deliveredDocumentKindSchema = z.enum([
  'TRADE_REPORT',
  'BALANCE_REPORT',
  'ANNUAL_SPECIFIC_ACCOUNT_REPORT',
  'DISTRIBUTION_NOTICE',
  'REDEMPTION_NOTICE',
]);
export type DeliveredDocumentKindValue = z.infer<typeof deliveredDocumentKindSchema>;

export const documentIdParamsSchema = z.object({ id: z.uuid() });
export type DocumentIdParams = z.infer<typeof documentIdParamsSchema>;

/** One document in the list: no body, which `GET /v1/documents/{id}` gives. */
export const deliveredDocumentSummarySchema = z
  .object({
    id: z.uuid(),
    kind: deliveredDocumentKindSchema,
    title: z.string(),
    /** 交付日 (JST). */
    issuedOn: isoDateSchema,
    /** The order a 取引報告書 reports on; null for the periodic reports. */
    orderId: z.uuid().nullable(),
    /** 既読: the customer has opened it (`PUT /v1/documents/{id}/read`); the list marks the others 未読. */
    read: z.boolean(),
  })
  .meta({ id: 'DeliveredDocumentSummary' });
export type DeliveredDocumentSummary = z.infer<typeof deliveredDocumentSummarySchema>;

/** `GET /v1/documents`: the customer's documents, newest first. */
export const deliveredDocumentsSchema = z
  .object({ documents: z.array(deliveredDocumentSummarySchema) })
  .meta({ id: 'DeliveredDocuments' });
export type DeliveredDocuments = z.infer<typeof deliveredDocumentsSchema>;

/** `GET /v1/documents/{id}`: one document with its body as issued. */
export const deliveredDocumentDetailSchema = z
  .object({
    document: deliveredDocumentSummarySchema.extend({
      body: z.string().meta({
        description:
          'The document as issued: an HTML fragment (headings, tables, no script or style attribute), every value escaped by the server',
      }),
    }),
  })
  .meta({ id: 'DeliveredDocumentDetail' });
export type DeliveredDocumentDetail = z.infer<typeof deliveredDocumentDetailSchema>;

/**
 * `PUT /v1/documents/{id}/read` (idempotent, `user.write`): the document is read from now on (the first
 * read time is kept), answered like the notices' read call so the list can drop its 未読 badge at once.
 */
export const deliveredDocumentReadSchema = z
  .object({
    document: z.object({ id: z.uuid(), read: z.literal(true), readAt: z.iso.datetime({ offset: true }) }),
  })
  .meta({ id: 'DeliveredDocumentRead' });
export type DeliveredDocumentReadAnswer = z.infer<typeof deliveredDocumentReadSchema>;
