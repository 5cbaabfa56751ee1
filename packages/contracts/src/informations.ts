import { z } from 'zod';

// お知らせ (spec §2 /notifications, §7 GET /v1/informations, PUT /v1/informations/{id}/read). A notice is
// for every customer or for one customer; it is visible from its publication instant. The body is rich
// text (HTML) as authored: the web app sanitises it with the spec §5 allow-list where it displays it.
// The web app imports this module's types only (and checks its path literals against InformationsPath),
// so zod stays out of its bundles.

export { InformationsPath } from './paths.ts';

const isoDateTime = z.iso.datetime({ offset: true });

/** important feeds /v1/badges/information, others /v1/badges/informationOthers. */
export const informationCategorySchema = z.enum(['important', 'others']);
export type InformationCategoryValue = z.infer<typeof informationCategorySchema>;

/** Largest page size of the list. */
export const maxInformationsPageSize = 100;
/** Page size when the call names none. */
export const defaultInformationsPageSize = 20;

/** `GET /v1/informations?category&page&pageSize`: page from 1; empty values are omitted (spec §5). */
export const informationsQuerySchema = z.strictObject({
  category: informationCategorySchema.optional(),
  page: z.coerce
    .number('1 以上の整数を指定してください')
    .int('1 以上の整数を指定してください')
    .min(1, '1 以上の整数を指定してください')
    .max(100_000, '100000 以下で指定してください')
    .default(1),
  pageSize: z.coerce
    .number(`1〜${maxInformationsPageSize} の整数を指定してください`)
    .int(`1〜${maxInformationsPageSize} の整数を指定してください`)
    .min(1, `1〜${maxInformationsPageSize} の整数を指定してください`)
    .max(maxInformationsPageSize, `1〜${maxInformationsPageSize} の整数を指定してください`)
    .default(defaultInformationsPageSize),
});
export type InformationsQuery = z.input<typeof informationsQuerySchema>;

export const informationIdParamsSchema = z.object({ id: z.uuid() });
export type InformationIdParams = z.infer<typeof informationIdParamsSchema>;

/** One notice in the list: no body, which `GET /v1/informations/{id}` gives. */
export const informationSummarySchema = z
  .object({
    id: z.uuid(),
    category: informationCategorySchema,
    title: z.string(),
    publishedAt: isoDateTime,
    /** Whether this customer has opened the notice (既読). */
    read: z.boolean(),
  })
  .meta({ id: 'InformationSummary' });
export type InformationSummary = z.infer<typeof informationSummarySchema>;

/** `GET /v1/informations`: the caller's published notices, newest first, paged. */
export const informationsSchema = z
  .object({
    informations: z.array(informationSummarySchema),
    paging: z.object({
      page: z.number().int(),
      pageSize: z.number().int(),
      total: z.number().int().nonnegative(),
    }),
  })
  .meta({ id: 'Informations' });
export type Informations = z.infer<typeof informationsSchema>;

/** `GET /v1/informations/{id}`: one notice with its body (HTML, unsanitised: display it through the allow-list). */
export const informationDetailSchema = z
  .object({
    information: informationSummarySchema.extend({
      body: z.string().meta({
        description: 'Rich text (HTML) as authored; clients must sanitise it with the spec §5 allow-list',
      }),
    }),
  })
  .meta({ id: 'InformationDetail' });
export type InformationDetail = z.infer<typeof informationDetailSchema>;

/**
 * `PUT /v1/informations/{id}/read` (idempotent, `user.write`): the notice is read from now on (the first
 * read time is kept), with the customer's unread counts after it, so the menu badge can follow at once.
 */
export const informationReadSchema = z
  .object({
    information: z.object({ id: z.uuid(), read: z.literal(true), readAt: isoDateTime }),
    unread: z.object({
      important: z.number().int().nonnegative(),
      others: z.number().int().nonnegative(),
    }),
  })
  .meta({ id: 'InformationRead' });
export type InformationReadAnswer = z.infer<typeof informationReadSchema>;
