import { scheduledSellValueRule, type CreateScheduledSellBody, type ScheduledSell } from '@fund/contracts';
import {
  formatJapaneseDateWithWeekday,
  formatUnits,
  formatYen,
  scheduledSellFrequencyTypeValues,
  scheduledSellTypeValues,
} from '@fund/domain';
import { useState } from 'react';
import { Button } from '../../../../components/button/button';
import { AmountField, DescriptionList, SegmentedControl } from '../../../../components/ui';
import { useContractForm } from '../../../../lib/forms/use-contract-form';
import { scheduledSellFrequencyLabels, scheduledSellTypeLabels } from '../../shared/sell-labels';
import { nextScheduledSellDates } from '../sell-schedule';
import {
  scheduledSellFigures,
  scheduledSellFormSchema,
  type ScheduledSellFormValues,
} from '../sell-scheduled-form';
import type { SellRefusal } from '../../shared/sell-refusals';

type SellType = ScheduledSell['type'];
type Frequency = ScheduledSell['frequency'];

const typeOptions = scheduledSellTypeValues.map((value) => ({
  value,
  // short, to fit three segments at 320 px; the figure's label below says 金額, 口数 or 率
  label: scheduledSellTypeLabels[value],
}));
const frequencyOptions = scheduledSellFrequencyTypeValues.map((value) => ({
  value,
  label: scheduledSellFrequencyLabels[value],
}));

/** 「定額 30,000円」「定口 10,000口」「定率 10%」 */
export function scheduledSellFigureText(type: SellType, value: string): string {
  if (type === 'AMOUNT') return `${scheduledSellTypeLabels.AMOUNT} ${formatYen(value)}`;
  if (type === 'QUANTITY') return `${scheduledSellTypeLabels.QUANTITY} ${formatUnits(value)}`;
  return `${scheduledSellTypeLabels.RATE} ${value}%`;
}

export interface ScheduledSellEditorProps {
  readonly fundCode: string;
  /** The server's business date, for the first order date. */
  readonly today: string;
  readonly initial?: Pick<ScheduledSell, 'type' | 'value' | 'frequency'>;
  /** 設定する / 変更する */
  readonly confirmLabel: string;
  readonly pending: boolean;
  /** The server's refusal of the confirmed figures: beside 売却方法 when it is about the figure. */
  readonly refusal: SellRefusal | null;
  /** Called when the customer confirms; the caller sends it with its intent's key. */
  readonly onConfirm: (body: CreateScheduledSellBody) => void;
  /** The customer goes from the input to the confirmation (a new intent) or back. */
  readonly onStepChange?: (step: 'input' | 'confirm') => void;
  readonly onClose: () => void;
}

/**
 * 定期売却の入力 → 確認 inside the section: type (定額 / 定口 / 定率), figure and frequency, validated by the
 * contract's schema; the confirmation says when it first orders and when the money arrives.
 */
export function ScheduledSellEditor({
  fundCode,
  today,
  initial,
  confirmLabel,
  pending,
  refusal,
  onConfirm,
  onStepChange,
  onClose,
}: ScheduledSellEditorProps) {
  const form = useContractForm(scheduledSellFormSchema(fundCode), {
    defaultValues: {
      type: initial?.type ?? 'AMOUNT',
      value: initial?.value ?? '',
      frequency: initial?.frequency ?? 'MONTHLY',
    } satisfies ScheduledSellFormValues,
  });
  const [confirming, setConfirming] = useState<CreateScheduledSellBody | null>(null);
  const values = form.watch();
  const figure = scheduledSellFigures[values.type];

  const step = (next: CreateScheduledSellBody | null) => {
    setConfirming(next);
    onStepChange?.(next === null ? 'input' : 'confirm');
  };

  if (confirming !== null) {
    const dates = nextScheduledSellDates(confirming.frequency, today);
    return (
      <div className="scheduled-sell-editor">
        <p className="sell-note">
          次の内容で定期売却を{confirmLabel === '変更する' ? '変更' : '設定'}します。
        </p>
        <DescriptionList
          label="定期売却の確認"
          items={[
            { term: '口座', value: '特定口座' },
            {
              term: '売却方法',
              value: scheduledSellFigureText(confirming.type, String(confirming.value)),
              note:
                refusal?.field === 'figure' ? (
                  <span className="sell-form__error" role="alert">
                    {refusal.message}
                  </span>
                ) : undefined,
            },
            { term: '頻度', value: scheduledSellFrequencyLabels[confirming.frequency] },
            {
              term: '最初の注文日（予定）',
              value: formatJapaneseDateWithWeekday(dates.orderDate),
              note: '16日（休業日の場合は翌営業日）に注文します',
            },
            {
              term: '受取日（予定）',
              value: formatJapaneseDateWithWeekday(dates.payoutDate),
              note: '注文日から6営業日目にお預り金へ入金されます',
            },
          ]}
        />
        <p className="sell-note">
          売却代金は約定日の解約価額で決まります。特定口座のため、譲渡益には税金が源泉徴収されます。
        </p>
        {refusal?.field === 'form' ? (
          <p className="sell-form__error" role="alert">
            {refusal.message}
          </p>
        ) : null}
        <div className="sell-actions">
          <Button width="100%" loading={pending} onClick={() => onConfirm(confirming)}>
            {confirmLabel}
          </Button>
          <Button variant="outline" width="100%" onClick={() => step(null)}>
            入力内容を修正する
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      className="scheduled-sell-editor sell-form"
      noValidate
      onSubmit={(event) => void form.handleSubmit((body) => step(body))(event)}
    >
      <SegmentedControl<SellType>
        label="売却方法"
        showLabel
        options={typeOptions}
        value={values.type}
        onChange={(type) => {
          form.clearErrors();
          form.setValue('type', type);
        }}
      />
      <AmountField
        label={figure.label}
        rule={scheduledSellValueRule(values.type)}
        note={
          values.type === 'RATE'
            ? '注文日の保有口数に対する率で、1口未満は切り捨てます'
            : values.type === 'AMOUNT'
              ? '受取金額（税引前）がこの金額以上となる口数を売却します'
              : '保有口数が少ない場合は、保有口数すべてを売却します'
        }
        error={form.formState.errors.value?.message}
        value={values.value}
        onValueChange={(digits) =>
          form.setValue('value', digits, { shouldValidate: form.formState.isSubmitted })
        }
      />
      <SegmentedControl<Frequency>
        label="頻度"
        showLabel
        options={frequencyOptions}
        value={values.frequency}
        onChange={(frequency) => form.setValue('frequency', frequency)}
      />
      <div className="sell-actions">
        <Button type="submit" width="100%">
          確認する
        </Button>
        <Button variant="outline" width="100%" onClick={onClose}>
          やめる
        </Button>
      </div>
    </form>
  );
}
