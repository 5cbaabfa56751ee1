import { readFileSync } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../errors/app-error.ts';
import { findOutboxMail, listOutboxMail } from '../../mail/outbox.repository.ts';
import {
  mailboxPath,
  mailboxStylesheetPath,
  renderMailboxList,
  renderMailboxMail,
} from './dev-mailbox.view.ts';
import { uuidPattern } from '../../shared/uuid.ts';

const stylesheet = readFileSync(new URL('./dev-mailbox.css', import.meta.url), 'utf8');

const mailJsonSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
});

const listQuerySchema = z.object({
  to: z.string().max(320).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

/**
 * The development mailbox: what the service sent (or would have sent), so a person running `npm start`
 * without SMTP can complete sign-up and password reset, and browser tests can read codes. It shows every
 * code to anyone who reaches the server, so it exists only outside production (architecture.md §4.9).
 * Real routes, so the web app's fallback never answers these paths.
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (app.config.isProduction) return;
  app.log.warn(
    `DEVELOPMENT DEFAULT — development mailbox at ${mailboxPath}: anyone who can reach this server reads every mail it sends, codes included. It is off when NODE_ENV=production.`,
  );

  app.get(mailboxStylesheetPath, { schema: { hide: true } }, async (_request, reply) => {
    reply.type('text/css; charset=utf-8');
    return stylesheet;
  });

  app.get(mailboxPath, { schema: { hide: true } }, async (_request, reply) => {
    const rows = await listOutboxMail(app.db.db, { limit: 100 });
    reply.type('text/html; charset=utf-8');
    return renderMailboxList(rows, app.mailer.delivers);
  });

  app.get(
    `${mailboxPath}.json`,
    {
      schema: {
        hide: true,
        querystring: listQuerySchema,
        response: { 200: z.object({ mails: z.array(mailJsonSchema) }) },
      },
    },
    async (request) => {
      const rows = await listOutboxMail(app.db.db, { limit: request.query.limit, to: request.query.to });
      return {
        mails: rows.map((row) => ({
          id: row.id,
          to: row.toAddress,
          subject: row.subject,
          kind: row.kind,
          text: row.textBody,
          html: row.htmlBody,
          createdAt: row.createdAt.toISOString(),
          sentAt: row.sentAt?.toISOString() ?? null,
          attempts: row.attempts,
          lastError: row.lastError,
        })),
      };
    },
  );

  app.get(
    `${mailboxPath}/:id`,
    { schema: { hide: true, params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      const row = uuidPattern.test(request.params.id)
        ? await findOutboxMail(app.db.db, request.params.id)
        : undefined;
      if (row === undefined) throw new NotFoundError('メールが見つかりません。');
      reply.type('text/html; charset=utf-8');
      return renderMailboxMail(row);
    },
  );
};
