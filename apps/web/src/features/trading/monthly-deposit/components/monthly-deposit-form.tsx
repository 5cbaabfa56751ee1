import { monthlyDepositAmountRule, putMonthlyDepositBodySchema, type MonthlyDeposit } from '@fund/contracts';
import { formatYen } from '@fund/domain';
import { useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../../components/button/button';
import { AmountFormField, SelectFormField } from '../../../../components/form-fields';
import { Card, DescriptionList } from '../../../../components/ui';
import { useContractForm } from '../../../../lib/forms/use-contract-form';
import { useBankAccountForDebits } from '../../shared/api/get-bank-account-for-debits';
import { useSaveMonthlyDeposit, useStopMonthlyDeposit } from '../api/put-monthly-deposit';
import { planRefusalOf } from '../../shared/scheduled-buy-refusal';
import { BankAccountMissingNote } from '../../shared/components/bank-account-missing-note';

// the contract's rules, with messages a customer understands for an empty field
const depositFormSchema = putMonthlyDepositBodySchema.extend({
  amount: z
    .string()
    .min(1, '毎月の入金額を入力してください')
    // the contract takes a number or digits; the field gives digits
    .transform((digits): string | number => digits)
    .pipe(putMonthlyDepositBodySchema.shape.amount),
  day: z
    .string()
    .min(1, '入金日を選んでください')
    .transform(Number)
    .pipe(putMonthlyDepositBodySchema.shape.day),
});

const dayOptions = [
  { value: '', label: '選んでください' },
  ...Array.from({ length: 28 }, (_, index) => ({ value: String(index + 1), label: `毎月${index + 1}日` })),
];

type Setting = NonNullable<MonthlyDeposit['monthlyDeposit']>;

/** The current 毎月の入金, the form to set or change it, and stopping it behind a confirmation. */
export function MonthlyDepositForm({ setting }: { readonly setting: Setting | null }) {
  const save = useSaveMonthlyDeposit();
  const stop = useStopMonthlyDeposit();
  const [saved, setSaved] = useState<string | null>(null);
  const [askingStop, setAskingStop] = useState(false);
  // a 毎月の入金 is a 口座振替: without a bank account the server refuses it (400-227), so it is said first
  const bankAccountMissing = useBankAccountForDebits().data === 'no-bank-account';
  const form = useContractForm(depositFormSchema, {
    defaultValues: { amount: setting?.amount ?? '', day: setting === null ? '' : String(setting.day) },
  });
  const saveRefusal = save.error === null ? null : planRefusalOf(save.error).message;
  const stopRefusal = stop.error === null ? null : planRefusalOf(stop.error).message;
  const onSubmit = form.handleSubmit((body) => {
    setSaved(null);
    save.mutate(body, {
      onSuccess: () =>
        setSaved(`毎月${body.day}日に${formatYen(String(body.amount))}を入金する設定を保存しました。`),
    });
  });
  return (
    <>
      <Card title="現在の設定">
        {setting === null ? (
          <p className="scheduled-buy__note">毎月の入金は設定されていません。</p>
        ) : (
          <DescriptionList
            label="現在の毎月の入金"
            items={[
              { term: '入金額', value: `毎月${formatYen(setting.amount)}` },
              { term: '入金日', value: `毎月${setting.day}日`, note: '金融機関の休業日の場合は翌営業日' },
              { term: '状態', value: setting.status === 'ACTIVE' ? '設定中' : '停止中' },
            ]}
          />
        )}
        {saved === null ? null : (
          <p className="scheduled-buy__done" role="status">
            {saved}
          </p>
        )}
      </Card>
      <Card title={setting === null ? '毎月の入金を設定する' : '金額・入金日を変更する'}>
        <form className="scheduled-buy__form" onSubmit={(event) => void onSubmit(event)} noValidate>
          <AmountFormField
            control={form.control}
            name="amount"
            label="毎月の入金額"
            rule={monthlyDepositAmountRule}
            error={saveRefusal ?? undefined}
            required
          />
          <SelectFormField
            control={form.control}
            name="day"
            label="入金日"
            hint="ご登録の銀行口座から引き落とし、お預り金に入金します"
            options={dayOptions}
            required
          />
          {bankAccountMissing ? (
            <p className="scheduled-buy__note">
              <BankAccountMissingNote debitedBy="monthlyDeposit" />
            </p>
          ) : (
            <Button type="submit" width="100%" loading={save.isPending}>
              {setting === null ? '設定する' : '変更する'}
            </Button>
          )}
        </form>
      </Card>
      {setting === null ? null : (
        <Card title="毎月の入金をやめる">
          {askingStop ? (
            <div className="scheduled-buy__confirm-move">
              <p className="scheduled-buy__note">
                やめると、次回以降の入金は行いません。もう一度使うには改めて設定してください。
              </p>
              {stopRefusal === null ? null : (
                <p className="ui-field__error" role="alert">
                  {stopRefusal}
                </p>
              )}
              <Button
                variant="danger"
                loading={stop.isPending}
                onClick={() =>
                  stop.mutate(undefined, {
                    onSuccess: () => {
                      setAskingStop(false);
                      setSaved('毎月の入金を停止しました。');
                      form.reset({ amount: '', day: '' });
                    },
                  })
                }
              >
                停止する
              </Button>
              <Button variant="text" onClick={() => setAskingStop(false)}>
                やめない
              </Button>
            </div>
          ) : (
            <Button variant="outline" onClick={() => setAskingStop(true)}>
              毎月の入金を停止する
            </Button>
          )}
        </Card>
      )}
    </>
  );
}
