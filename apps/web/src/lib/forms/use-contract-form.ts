import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';

// zod's own messages in Japanese for the rules a contract leaves without a message of its own; the
// contracts' messages (「金額は1以上で入力してください」) win. Once, in the chunk that has the forms.
z.config(z.locales.ja());

/**
 * A form validated in the browser by the same zod schema the server validates the request with
 * (architecture.md §4.1; decision 012). `.extend()` the contract's schema for UI-only fields.
 */
export function useContractForm<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: z.ZodType<TOutput, TInput>,
  options: Omit<UseFormProps<TInput, unknown, TOutput>, 'resolver'> = {},
): UseFormReturn<TInput, unknown, TOutput> {
  return useForm<TInput, unknown, TOutput>({ mode: 'onTouched', ...options, resolver: zodResolver(schema) });
}
