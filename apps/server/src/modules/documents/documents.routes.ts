import {
  deliveredDocumentDetailSchema,
  deliveredDocumentReadSchema,
  deliveredDocumentsSchema,
  documentIdParamsSchema,
  DocumentsPath,
  errorBodySchema,
} from '@fund/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../../errors/app-error.ts';
import { findDocument, listDocuments, markDocumentRead } from './documents.repository.ts';
import { customerIdOf } from '../../shared/signed-in-customer.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const notFoundMessage = 'ご指定の書面が見つかりません。';

/**
 * 電子交付書面 of the product API: the customer's documents (取引報告書 per settled trade, the periodic
 * reports), newest first with their read flags, one document with its body as issued, and marking one
 * read. Reads need a customer token, marking read needs `user.write` (an operator acting for the customer
 * has none: looking at a document for them is not the customer opening it). Another customer's document
 * answers 404, as one that does not exist. The balance service's page shows the same documents (partners).
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = app.requireCustomer();
  const write = app.requireCustomer(['user.write']);

  app.get(
    DocumentsPath.list,
    {
      onRequest: read,
      schema: {
        operationId: 'listDocuments',
        summary: 'The customer’s electronically delivered documents (電子交付書面), newest first',
        tags: ['documents'],
        response: { 200: deliveredDocumentsSchema, ...errors },
      },
    },
    async (request) => ({ documents: await listDocuments(app.db.db, customerIdOf(request)) }),
  );

  app.get(
    DocumentsPath.detail,
    {
      onRequest: read,
      schema: {
        operationId: 'getDocument',
        summary: 'One delivered document with its body as issued (an escaped HTML fragment)',
        tags: ['documents'],
        params: documentIdParamsSchema,
        response: { 200: deliveredDocumentDetailSchema, ...errors },
      },
    },
    async (request) => {
      const document = await findDocument(app.db.db, customerIdOf(request), request.params.id);
      if (document === undefined) throw new NotFoundError(notFoundMessage);
      return { document };
    },
  );

  app.put(
    DocumentsPath.read,
    {
      onRequest: write,
      schema: {
        operationId: 'markDocumentRead',
        summary: 'Marks a delivered document read (idempotent; the first read time is kept)',
        tags: ['documents'],
        params: documentIdParamsSchema,
        response: { 200: deliveredDocumentReadSchema, ...errors },
      },
    },
    async (request) => {
      const readAt = await markDocumentRead(
        app.db.db,
        customerIdOf(request),
        request.params.id,
        app.clock.now(),
      );
      if (readAt === undefined) throw new NotFoundError(notFoundMessage);
      return { document: { id: request.params.id, read: true as const, readAt: readAt.toISOString() } };
    },
  );
};
