import {
  ErrorCode,
  errorBodySchema,
  fundFeedRefusedSchema,
  fundFeedReportSchema,
  fundFeedSchema,
  InboundPath,
} from '@fund/contracts';
import { jstDateOf } from '@fund/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { developmentInboundKey } from '../../config/partners-config.ts';
import { requireSignedCalls } from '../../plugins/signed-inbound.ts';
import { FundFeedRefused, importFundFeed, parseFundFeed } from './fund-feed.service.ts';

/** A feed of ten years of daily NAVs of dozens of funds fits well within this. */
const feedBodyLimitBytes = 32 * 1024 * 1024;

/**
 * POST /inbound/fund-feed: the fund companies' data feed sends the fund master and NAVs (docs/fund-feed.md),
 * signed with a key of FUND_FEED_KEYS. The same import as `npm run feed:import`: all or nothing, the
 * same document twice changes nothing; a refused feed is answered 422 with every problem found.
 */
export const fundFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignedCalls(app, {
    keys: () => app.config.partners.fundFeedKeys ?? [developmentInboundKey],
    // real time: a sender's timestamp is its real clock's, whatever the demo clock says
    clock: app.realClock,
    bodyLimit: feedBodyLimitBytes,
  });
  app.post(
    InboundPath.fundFeed,
    {
      // the document is read by the import's own parser so that a refusal lists every problem in one form
      attachValidation: true,
      schema: {
        operationId: 'importFundFeed',
        summary: 'Fund master and NAV feed: imported whole or refused with every problem (docs/fund-feed.md)',
        tags: ['inbound'],
        body: fundFeedSchema,
        response: { 200: fundFeedReportSchema, 401: errorBodySchema, 422: fundFeedRefusedSchema },
      },
    },
    async (request, reply) => {
      try {
        const feed = parseFundFeed(request.body);
        return await importFundFeed(app.db.db, feed, jstDateOf(app.clock.now()), {
          actorId: 'fund-feed:http',
          requestId: request.id,
        });
      } catch (error) {
        if (!(error instanceof FundFeedRefused)) throw error;
        return reply.code(422).send({
          code: ErrorCode.unprocessable,
          message: `ファンドフィードを取り込めません（${error.problems.length} 件の問題）。何も取り込んでいません。`,
          problems: error.problems.slice(0, 1_000),
        });
      }
    },
  );
};
