import { planAccountTypeSchema, planPaymentMethodSchema } from '@fund/contracts';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Button } from '../../../components/button/button';
import { LinkButton } from '../../../components/button/link-button';
import { PageHeading } from '../../../components/page-heading/page-heading';
import { RadioFormField } from '../../../components/form-fields';
import { Card, EmptyState } from '../../../components/ui';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useCardForRecurringPurchase } from './api/get-card-for-recurring-purchase';
import { PlanActions } from './components/plan-actions';
import { PlanStepWaiting } from './components/plan-step-waiting';
import { PlanSummary } from './components/plan-summary';
import { RecurringCardNote, RecurringPointsNote } from './components/recurring-notes';
import { useScheduledBuyContext } from './scheduled-buy-context';
import { stepPath } from './scheduled-buy-draft';
import { accountChoices, paymentMethodLabels, planAccountLabels } from './scheduled-buy-rules';
import '../shared/scheduled-buy.css';

const typeSchema = z.object({
  paymentMethod: planPaymentMethodSchema
    .or(z.undefined())
    .refine((value) => value !== undefined, 'お支払い方法を選んでください'),
  accountType: planAccountTypeSchema
    .or(z.undefined())
    .refine((value) => value !== undefined, '口座区分を選んでください'),
});

/**
 * 積立 step 1 (spec §2 inputType): how to pay and into which account. With `?plan=ID` it opens that plan of
 * the fund instead: what is set, what is pending, and change, suspend, resume or cancel.
 */
export function ScheduledBuyInputTypePage() {
  const { code, draft, fund, plans, plan, role } = useScheduledBuyContext();
  const card = useCardForRecurringPurchase();
  const navigate = useNavigate();
  const form = useContractForm(typeSchema, {
    values: {
      paymentMethod: draft.paymentMethod ?? undefined,
      accountType: plan?.accountType ?? draft.accountType ?? undefined,
    },
    resetOptions: { keepDirtyValues: true },
  });

  if (fund.isPending || plans.isPending || fund.isError || plans.isError) {
    return <PlanStepWaiting title="積立方法の選択" queries={[fund, plans]} />;
  }
  const detail = fund.data.fund;

  if (draft.plan !== null && plan === null) {
    return (
      <>
        <PageHeading title="積立方法の選択" />
        <EmptyState
          title="ご指定の積立が見つかりません"
          action={<LinkButton to={stepPath(code, 'inputType', {})}>新しく積立を設定する</LinkButton>}
        >
          解約済みか、別のファンドの積立です。
        </EmptyState>
      </>
    );
  }
  if (role === 'JUNIOR_NISA' && plan === null) {
    return (
      <>
        <PageHeading title="積立方法の選択" />
        <EmptyState
          title="ジュニアNISA口座では新しく積立を設定できません"
          action={<LinkButton to="/assets">資産状況を見る</LinkButton>}
        >
          ジュニアNISAは2024年から新しい買付ができなくなりました。お持ちの口座の資産は、いつでも非課税で払い出せます。
        </EmptyState>
      </>
    );
  }
  if (detail.salesStatus !== 'ON_SALE' && plan === null) {
    return (
      <>
        <PageHeading title="積立方法の選択" />
        <EmptyState
          title="このファンドは現在買付を停止しています"
          action={<LinkButton to="/trading">ファンド一覧へ</LinkButton>}
        >
          {detail.name}は現在お申込みいただけません。
        </EmptyState>
      </>
    );
  }

  const choices = accountChoices(role, detail.nisa);
  const cardOnFile = card.data ?? (card.isError ? 'unknown' : 'card');
  const onSubmit = form.handleSubmit((values) => {
    void navigate(
      stepPath(code, 'inputAmount', {
        ...draft,
        paymentMethod: values.paymentMethod,
        accountType: plan === null ? values.accountType : null,
      }),
    );
  });
  const managing = plan !== null;
  return (
    <>
      <PageHeading title="積立方法の選択" />
      <p className="scheduled-buy__fund">{detail.name}</p>
      {managing ? (
        <>
          <PlanSummary plan={plan} />
          <PlanActions plan={plan} code={code} />
        </>
      ) : null}
      {managing && plan.status === 'CANCELED' ? null : (
        <Card title={managing ? 'お支払い方法の変更' : '積立の方法'}>
          <form className="scheduled-buy__form" onSubmit={(event) => void onSubmit(event)} noValidate>
            <RadioFormField
              control={form.control}
              name="paymentMethod"
              legend="お支払い方法"
              options={[
                {
                  value: 'ACCOUNT_TRANSFER',
                  label: paymentMethodLabels.ACCOUNT_TRANSFER,
                  description: '毎月27日（休業日の場合は翌営業日）に、ご登録の銀行口座から引き落とします。',
                },
                {
                  value: 'CREDIT_CARD',
                  label: paymentMethodLabels.CREDIT_CARD,
                  disabled: card.isPending || cardOnFile === 'no-card',
                  description: <RecurringCardNote card={cardOnFile} />,
                },
              ]}
            />
            <RecurringPointsNote />
            {managing ? (
              <p className="scheduled-buy__note">
                口座区分：{planAccountLabels[plan.accountType]}
                （口座区分は変更できません。変える場合は解約して新しく設定してください）
              </p>
            ) : (
              <RadioFormField
                control={form.control}
                name="accountType"
                legend="口座区分"
                options={choices.map((choice) => ({
                  value: choice.value,
                  label: planAccountLabels[choice.value],
                  disabled: choice.disabledReason !== null,
                  ...(choice.disabledReason === null ? {} : { description: choice.disabledReason }),
                }))}
              />
            )}
            <Button type="submit" width="100%">
              次へ（積立金額の入力）
            </Button>
          </form>
        </Card>
      )}
    </>
  );
}
