import { amountRuleMessage } from '@fund/domain';
import {
  createScheduledSellBodySchema,
  scheduledSellFrequencySchema,
  scheduledSellValueRule,
  scheduledSellTypeSchema,
} from '@fund/contracts';
import { z } from 'zod';

/** What a 定期売却 instruction's figure is, per type: the field's label and unit. */
export const scheduledSellFigures = {
  AMOUNT: { label: '毎回の売却金額', unit: '円', empty: '売却金額を入力してください' },
  QUANTITY: { label: '毎回の売却口数', unit: '口', empty: '売却口数を入力してください' },
  RATE: { label: '毎回売却する率（保有口数に対して）', unit: '%', empty: '売却する率を入力してください' },
} as const;

/**
 * The 定期売却 form's schema: the figure checked by the contract's field schema with a message per type,
 * its rule (amount-rules: a rate of 1-100 %), then the whole body by `createScheduledSellBodySchema`, the server's own.
 */
export function scheduledSellFormSchema(fundCode: string) {
  return z
    .object({
      type: scheduledSellTypeSchema,
      value: z.string(),
      frequency: scheduledSellFrequencySchema,
    })
    .superRefine((values, context) => {
      if (values.value === '') {
        context.addIssue({
          code: 'custom',
          path: ['value'],
          message: scheduledSellFigures[values.type].empty,
        });
        return;
      }
      // the rule stated under the field (a rate from 1 to 100 %, the API's maximum for yen and units)
      const message = amountRuleMessage(values.value, scheduledSellValueRule(values.type));
      if (message !== null) context.addIssue({ code: 'custom', path: ['value'], message });
    })
    .transform((values): z.input<typeof createScheduledSellBodySchema> => ({ fundCode, ...values }))
    .pipe(createScheduledSellBodySchema);
}

export type ScheduledSellFormValues = z.input<ReturnType<typeof scheduledSellFormSchema>>;
