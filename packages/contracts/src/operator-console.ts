import { z } from 'zod';
import {
  operatorAccountNumberMessage,
  operatorAccountNumberPattern,
  operatorNameKanaLengthMessage,
  operatorNameKanaMaxLength,
  operatorNameKanaMessage,
  operatorNameKanaPattern,
} from './operator-search-rules.ts';
import { accountRoleSchema, equityStatusSchema } from './root-loading.ts';

// The operator console's calls (decision 024): an operator finds a customer of its branches by 口座番号 or
// name kana, opens one, and reads its own audit trail. Operator token only (`requireOperator`).

export {
  operatorAccountNumberMessage,
  operatorAccountNumberPattern,
  operatorNameKanaLengthMessage,
  operatorNameKanaMaxLength,
  operatorNameKanaMessage,
  operatorNameKanaPattern,
  operatorSearchEmptyMessage,
} from './operator-search-rules.ts';

/**
 * `GET /v1/operator/customers`: at least one of the two, both narrowing when given. The console checks the
 * same rules as the operator types; the server checks them in the handler, so a refused search is audited
 * like an allowed one (issue 25) and answers 400 with the rule's words.
 */
export const operatorCustomerSearchQuerySchema = z.strictObject({
  /** 口座番号, or its first digits (1 to 7). */
  accountNumber: z
    .string()
    .trim()
    .regex(operatorAccountNumberPattern, { error: operatorAccountNumberMessage })
    .optional(),
  /** フリガナ (全角カタカナ), part of the family or given name, or both with or without a space. */
  nameKana: z
    .string()
    .trim()
    .max(operatorNameKanaMaxLength, { error: operatorNameKanaLengthMessage })
    .regex(operatorNameKanaPattern, { error: operatorNameKanaMessage })
    .optional(),
});
/** What the route takes before the handler checks it: any text, bounded so a log never stores a page. */
export const operatorCustomerSearchRawQuerySchema = z.strictObject({
  accountNumber: z.string().max(2000).optional(),
  nameKana: z.string().max(2000).optional(),
});
export type OperatorCustomerSearchQuery = z.infer<typeof operatorCustomerSearchQuerySchema>;

export const operatorCustomerSchema = z
  .object({
    /** The act-as header's value (spec §6 `baasId`). */
    accountNumber: z.string(),
    branchCode: z.string(),
    lastName: z.string(),
    firstName: z.string(),
    lastNameKana: z.string(),
    firstNameKana: z.string(),
    accountRole: accountRoleSchema,
    equityStatus: equityStatusSchema,
    locked: z.boolean(),
  })
  .meta({ id: 'OperatorCustomer' });
export type OperatorCustomer = z.infer<typeof operatorCustomerSchema>;

/** Matches are capped: an operator narrows the search rather than paging through a branch. */
export const operatorCustomerSearchLimit = 50;

export const operatorCustomerSearchSchema = z
  .object({
    customers: z.array(operatorCustomerSchema),
    /** More customers matched than `operatorCustomerSearchLimit`. */
    truncated: z.boolean(),
  })
  .meta({ id: 'OperatorCustomerSearch' });
export type OperatorCustomerSearch = z.infer<typeof operatorCustomerSearchSchema>;

export const operatorCustomerParamsSchema = z.object({
  accountNumber: z.string().regex(/^\d{7}$/),
});

/** `GET /v1/operator/auditTrail`: newest first, `before` (an entry's `occurredAt`) for the next page. */
export const operatorAuditTrailQuerySchema = z.strictObject({
  before: z.iso.datetime({ offset: true }).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const operatorAuditEntrySchema = z
  .object({
    id: z.uuid(),
    occurredAt: z.iso.datetime({ offset: true }),
    /** e.g. `act_as`, `operator.customer_search`, `operator.customer_open`. */
    action: z.string(),
    outcome: z.enum(['allowed', 'refused']),
    /** The customer concerned, when the action named one that exists. */
    customer: z.object({ accountNumber: z.string(), name: z.string() }).nullable(),
    /** The call's method and route pattern for act-as rows (`GET /v1/assets`). */
    method: z.string().nullable(),
    path: z.string().nullable(),
    /** Why a refused row was refused (decision 009's reasons). */
    reason: z.string().nullable(),
    /**
     * A search's criteria as typed (the operator's own; decision 038), each cut to the rule's length with
     * the length typed when longer, and the number of customers it found (null when refused).
     */
    search: z
      .object({
        accountNumber: z.string().nullable(),
        nameKana: z.string().nullable(),
        nameKanaLength: z.number().int().nullable(),
        matches: z.number().int().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'OperatorAuditEntry' });
export type OperatorAuditEntry = z.infer<typeof operatorAuditEntrySchema>;

export const operatorAuditTrailSchema = z
  .object({ entries: z.array(operatorAuditEntrySchema), hasMore: z.boolean() })
  .meta({ id: 'OperatorAuditTrail' });
export type OperatorAuditTrail = z.infer<typeof operatorAuditTrailSchema>;

/** Audit actions of the console's own calls (act-as calls are `act_as`, decision 009). */
export const OperatorConsoleAction = {
  customerSearch: 'operator.customer_search',
  customerOpen: 'operator.customer_open',
} as const;

export { OperatorConsolePath } from './paths.ts';
