import { sellAmountRule, sellUnitsRule, type AssetHolding, type SellOrderRequest } from '@fund/contracts';
import { formatUnits, formatYen } from '@fund/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../../components/button/button';
import { AmountField, Card, RadioGroup, SegmentedControl } from '../../../../components/ui';
import { useContractForm } from '../../../../lib/forms/use-contract-form';
import { orderEstimateQueryOptions } from '../../shared/api/post-order-estimate';
import type { SellDraft, SellOrderType } from '../sell-draft';
import { sellFormSchema } from '../sell-form';
import { sellAccountTypeLabel } from '../../shared/sell-labels';
import { sellRefusalOf } from '../../shared/sell-refusals';

const orderTypeOptions: readonly { value: SellOrderType; label: string }[] = [
  { value: 'AMOUNT', label: '金額指定' },
  { value: 'QUANTITY', label: '口数指定' },
  { value: 'ALL', label: '全部解約' },
];

export interface SellInputFormProps {
  readonly fundCode: string;
  /** The holdings that have units free to sell. */
  readonly holdings: readonly AssetHolding[];
  readonly draft: SellDraft;
  /** The estimate of `request` is in the cache: go to the confirmation. */
  readonly onConfirm: (draft: SellDraft) => void;
}

/**
 * 売却の入力: the account, 金額指定 / 口数指定 / 全部解約 and the figure, checked by the contract's schema.
 * 「確認する」 asks for the estimate first, so a refusal (口数不足, too small, the account's state) shows
 * here at the figure or the form, with everything typed kept.
 */
export function SellInputForm({ fundCode, holdings, draft, onConfirm }: SellInputFormProps) {
  const queryClient = useQueryClient();
  const [estimating, setEstimating] = useState(false);
  const onlyAccount = holdings.length === 1 ? (holdings[0]?.accountType ?? '') : '';
  const form = useContractForm(sellFormSchema(fundCode), {
    defaultValues: { ...draft, accountType: draft.accountType === '' ? onlyAccount : draft.accountType },
  });
  const values = form.watch();
  const errors = form.formState.errors;
  const chosen = holdings.find((holding) => holding.accountType === values.accountType);

  const submit = form.handleSubmit(async (request: SellOrderRequest) => {
    setEstimating(true);
    try {
      await queryClient.fetchQuery(orderEstimateQueryOptions({ side: 'SELL', ...request }));
      onConfirm(values);
    } catch (error) {
      const refusal = sellRefusalOf(error);
      const field = values.orderType === 'AMOUNT' ? 'amount' : 'units';
      if (refusal.field === 'figure' && values.orderType !== 'ALL')
        form.setError(field, { message: refusal.message }, { shouldFocus: true });
      else form.setError('root', { message: refusal.message });
    } finally {
      setEstimating(false);
    }
  });

  const setFigure = (field: 'amount' | 'units', digits: string) =>
    form.setValue(field, digits, { shouldValidate: form.formState.isSubmitted });

  return (
    <Card title="売却の内容">
      <form className="sell-form" noValidate onSubmit={(event) => void submit(event)}>
        <RadioGroup<string>
          legend="売却する口座"
          value={values.accountType === '' ? undefined : values.accountType}
          onChange={(accountType) => form.setValue('accountType', accountType, { shouldValidate: true })}
          error={errors.accountType?.message}
          options={holdings.map((holding) => ({
            value: holding.accountType,
            label: sellAccountTypeLabel(holding.accountType),
            description: `売却可能 ${formatUnits(holding.units)}・評価額 ${formatYen(holding.value)}`,
          }))}
        />
        <SegmentedControl<SellOrderType>
          label="売却方法"
          showLabel
          options={orderTypeOptions}
          value={values.orderType}
          onChange={(orderType) => {
            form.clearErrors();
            form.setValue('orderType', orderType);
          }}
        />
        {values.orderType === 'AMOUNT' ? (
          <AmountField
            label="売却金額"
            rule={sellAmountRule}
            note="概算受取金額（税引前）がこの金額以上となる口数を売却します。保有口数を超える場合は、保有口数すべてを売却します"
            error={errors.amount?.message}
            value={values.amount}
            onValueChange={(digits) => setFigure('amount', digits)}
          />
        ) : null}
        {values.orderType === 'QUANTITY' ? (
          <AmountField
            label="売却口数"
            rule={sellUnitsRule(chosen === undefined ? null : BigInt(chosen.units))}
            {...(chosen === undefined ? { note: '口座を選ぶと、売却可能な口数までご指定いただけます' } : {})}
            error={errors.units?.message}
            value={values.units}
            onValueChange={(digits) => setFigure('units', digits)}
          />
        ) : null}
        {values.orderType === 'ALL' ? (
          <p className="sell-note">
            {chosen === undefined
              ? '選んだ口座で保有している口数をすべて売却します。'
              : `${sellAccountTypeLabel(chosen.accountType)}で保有している ${formatUnits(chosen.units)}をすべて売却します。`}
          </p>
        ) : null}
        {errors.root?.message === undefined ? null : (
          <p className="sell-form__error" role="alert">
            {errors.root.message}
          </p>
        )}
        <Button type="submit" loading={estimating} width="100%">
          確認する
        </Button>
      </form>
    </Card>
  );
}
