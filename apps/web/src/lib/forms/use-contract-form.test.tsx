import { orderAmountSchema } from '@fund/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { AmountInput, Field } from '../../components/ui';
import { useContractForm } from './use-contract-form';

const schema = z.object({ amount: orderAmountSchema, memo: z.string().max(3) });

function AmountForm({ onValid }: { readonly onValid: (values: z.output<typeof schema>) => void }) {
  const form = useContractForm(schema, { defaultValues: { amount: '', memo: '' } });
  const amount = form.watch('amount');
  return (
    <form onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <Field label="金額" error={form.formState.errors.amount?.message}>
        {(control) => (
          <AmountInput
            {...control}
            unit="円"
            value={typeof amount === 'string' ? amount : String(amount)}
            onValueChange={(digits) => form.setValue('amount', digits, { shouldValidate: true })}
          />
        )}
      </Field>
      <Field label="メモ" error={form.formState.errors.memo?.message}>
        {(control) => <input {...control} {...form.register('memo')} />}
      </Field>
      <button type="submit">確認する</button>
    </form>
  );
}

describe('forms validated by the contracts schema', () => {
  it("shows the contract's Japanese message, and zod's own in Japanese where the contract has none", async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<AmountForm onValid={onValid} />);
    await user.type(screen.getByRole('textbox', { name: 'メモ' }), 'ながいメモ');
    await user.click(screen.getByRole('button', { name: '確認する' }));
    expect(onValid).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: '金額' })).toHaveAccessibleDescription(
      '金額は半角数字（整数）で入力してください',
    );
    expect(screen.getByRole('textbox', { name: 'メモ' })).toHaveAccessibleDescription(/3文字以下/);
  });

  it('hands over the values the server will accept', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<AmountForm onValid={onValid} />);
    await user.type(screen.getByRole('textbox', { name: '金額' }), '50000');
    await user.click(screen.getByRole('button', { name: '確認する' }));
    expect(onValid).toHaveBeenCalledWith({ amount: '50000', memo: '' }, expect.anything());
  });
});
