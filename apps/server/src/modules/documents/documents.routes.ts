import {
  deliveredDocumentDetailSchema,
  deliveredDocumentsSchema,
  documentIdParamsSchema,
  DocumentsPath,
  errorBodySchema,
} from '@fund/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../../errors/app-error.ts';
import { findDocument, listDocuments } from './documents.repository.ts';
import { customerIdOf } from '../../shared/signed-in-customer.ts';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

const notFoundMessage = 'ご指定の書面が見つかりません。';

/**
 * 電子交付書面 of the product API: the customer's documents (取引報告書 per settled trade, the periodic
 * reports), newest first, and one document with its body as issued. Another customer's document answers
 * 404, as one that does not exist. The balance service's page shows the same documents (partners).
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = app.requireCustomer();

  app.get(
    DocumentsPath.list,
    {
      onRequest: read,
      schema: {
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
};
