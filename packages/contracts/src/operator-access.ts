import { z } from 'zod';
import { isoDateSchema } from './request-limits.ts';

// 担当者による閲覧の記録 (decision 025): when an operator of the call centre viewed the customer's account
// through act-as (spec §6, decision 009), from the audit log. One visit is one operator on one day in
// Japan; what was viewed is said in the customer's words, never as API paths. The web app imports this
// module's types only.

export { OperatorAccessPath } from './paths.ts';

const isoDateTime = z.iso.datetime({ offset: true });

/**
 * What an operator's calls showed, by area of the app (the web app words them: 資産, 取引履歴, …), in the
 * order a visit lists them: what a customer most likely asks about first. `other` is a call outside the
 * areas below, so that a new route is never left out of the record.
 */
export const operatorAccessAreaSchema = z.enum([
  'assets',
  'history',
  'orders',
  'documents',
  'payment',
  'account',
  'notices',
  'security',
  'funds',
  'other',
]);
export type OperatorAccessArea = z.infer<typeof operatorAccessAreaSchema>;

/** Largest page size of the list. */
export const maxOperatorAccessesPageSize = 50;
/** Page size when the call names none. */
export const defaultOperatorAccessesPageSize = 10;

const pageMessage = '1 以上の整数を指定してください';
const pageSizeMessage = `1〜${maxOperatorAccessesPageSize} の整数を指定してください`;

/** `GET /v1/operatorAccesses?page&pageSize`: page from 1. */
export const operatorAccessesQuerySchema = z.strictObject({
  page: z.coerce
    .number(pageMessage)
    .int(pageMessage)
    .min(1, pageMessage)
    .max(100_000, '100000 以下で指定してください')
    .default(1),
  pageSize: z.coerce
    .number(pageSizeMessage)
    .int(pageSizeMessage)
    .min(1, pageSizeMessage)
    .max(maxOperatorAccessesPageSize, pageSizeMessage)
    .default(defaultOperatorAccessesPageSize),
});
export type OperatorAccessesQuery = z.input<typeof operatorAccessesQuerySchema>;

/** One visit: one operator's calls for the customer on one day in Japan. */
export const operatorAccessSchema = z
  .object({
    /** The day in Japan (JST) of the calls. */
    date: isoDateSchema,
    /** The first and the last call of the visit. */
    firstAt: isoDateTime,
    lastAt: isoDateTime,
    /**
     * Who, as the customer may know it: the role (「コールセンター担当者」), never the operator's login id,
     * name or id (decision 025).
     */
    actor: z.string(),
    /** What was viewed, in a fixed order (assets first); at least one. */
    areas: z.array(operatorAccessAreaSchema).min(1),
  })
  .meta({ id: 'OperatorAccess' });
export type OperatorAccess = z.infer<typeof operatorAccessSchema>;

/** `GET /v1/operatorAccesses`: the customer's operator visits, newest first, paged. */
export const operatorAccessesSchema = z
  .object({
    accesses: z.array(operatorAccessSchema),
    paging: z.object({
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int().nonnegative(),
    }),
  })
  .meta({ id: 'OperatorAccesses' });
export type OperatorAccesses = z.infer<typeof operatorAccessesSchema>;
