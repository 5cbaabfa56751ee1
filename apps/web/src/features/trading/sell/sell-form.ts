import {
  accountTypeSchema,
  orderAmountSchema,
  orderTypeSellSchema,
  orderUnitsSchema,
  sellOrderRequestSchema,
} from '@fund/contracts';
import { z } from 'zod';
import { sellRequestOf, type SellDraft } from './sell-draft';

/** What the sell form holds: the draft, figures as digit strings ('' while empty). */
export type SellFormValues = SellDraft;

/**
 * The sell form's schema: the figure the chosen order type needs, checked by the contract's own field
 * schemas (with their Japanese messages), then the whole request by `sellOrderRequestSchema` — what the
 * server validates the order with.
 */
export function sellFormSchema(fundCode: string) {
  return z
    .object({
      // checked below with the figure, so every missing part is shown at once
      accountType: z.string(),
      orderType: orderTypeSellSchema,
      amount: z.string(),
      units: z.string(),
    })
    .superRefine((values, context) => {
      if (!accountTypeSchema.safeParse(values.accountType).success)
        context.addIssue({ code: 'custom', path: ['accountType'], message: '売却する口座を選んでください' });
      const check = (field: 'amount' | 'units', schema: z.ZodType, empty: string) => {
        if (values[field] === '') {
          context.addIssue({ code: 'custom', path: [field], message: empty });
          return;
        }
        const result = schema.safeParse(values[field]);
        if (!result.success)
          context.addIssue({ code: 'custom', path: [field], message: result.error.issues[0]?.message });
      };
      if (values.orderType === 'AMOUNT') check('amount', orderAmountSchema, '売却金額を入力してください');
      if (values.orderType === 'QUANTITY') check('units', orderUnitsSchema, '売却口数を入力してください');
    })
    .transform((values) => sellRequestOf(fundCode, values))
    .pipe(sellOrderRequestSchema);
}
