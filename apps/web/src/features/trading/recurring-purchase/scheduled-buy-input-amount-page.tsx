import { recurringAmountRule } from '@fund/contracts';
import { formatYen, recurringPlanRules } from '@fund/domain';
import { useMemo } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { Button } from '../../../components/button/button';
import { LinkButton } from '../../../components/button/link-button';
import { PageHeading } from '../../../components/page-heading/page-heading';
import { AmountFormField, SelectFormField } from '../../../components/form-fields';
import { Card } from '../../../components/ui';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useBankAccountForDebits } from '../shared/api/get-bank-account-for-debits';
import { useNisaRoomForRecurringPurchase } from './api/get-nisa-room-for-recurring-purchase';
import { BankAccountMissingNote } from '../shared/components/bank-account-missing-note';
import { RecurringNisaNote, RecurringPointsNote } from './components/recurring-notes';
import { amountSchema, bonusMonthsOf, type AmountFormValues } from './scheduled-buy-amount-schema';
import { PlanStepWaiting } from './components/plan-step-waiting';
import { useScheduledBuyContext } from './scheduled-buy-context';
import { stepPath } from './scheduled-buy-draft';
import {
  cardSwitchNotice,
  currentCardMonthlyTotal,
  paymentMethodLabels,
  planAccountLabels,
} from './scheduled-buy-rules';
import '../shared/scheduled-buy.css';

const monthOptions = [
  { value: '', label: 'なし' },
  ...Array.from({ length: 12 }, (_, index) => ({ value: String(index + 1), label: `${index + 1}月` })),
];

/** 積立 step 2 (spec §2 inputAmount): 毎月の積立金額 and up to two bonus months with their extra amount. */
export function ScheduledBuyInputAmountPage() {
  const { code, draft, fund, plans, plan } = useScheduledBuyContext();
  const navigate = useNavigate();
  const accountType = plan?.accountType ?? draft.accountType;
  const nisa = accountType === 'nisa2_tsumitate' || accountType === 'nisa2_growth';
  const nisaRoom = useNisaRoomForRecurringPurchase(nisa);
  const paymentMethod = draft.paymentMethod ?? 'ACCOUNT_TRANSFER';
  const bankAccount = useBankAccountForDebits();
  // as the server refuses it (400-227): a new 口座振替 積立, or a switch to 口座振替, without a bank account
  const bankAccountMissing =
    paymentMethod === 'ACCOUNT_TRANSFER' &&
    plan?.paymentMethod !== 'ACCOUNT_TRANSFER' &&
    bankAccount.data === 'no-bank-account';
  const existing = plan?.pendingChange?.terms ?? plan;
  const schema = useMemo(
    () => amountSchema({ paymentMethod, plans: plans.data?.recurringPurchases ?? [], planId: draft.plan }),
    [paymentMethod, plans.data, draft.plan],
  );
  const form = useContractForm<AmountFormValues, AmountFormValues>(schema, {
    defaultValues: {
      amount: draft.amount || existing?.amount || '',
      bonusMonth1: String(draft.bonusMonths[0] ?? (draft.amount ? '' : (existing?.bonus?.months[0] ?? ''))),
      bonusMonth2: String(draft.bonusMonths[1] ?? (draft.amount ? '' : (existing?.bonus?.months[1] ?? ''))),
      bonusAmount: draft.bonusAmount || (draft.amount ? '' : (existing?.bonus?.amount ?? '')),
    },
  });

  // the first step's choices are needed: without them, back to it
  if (draft.paymentMethod === null || (draft.plan === null && draft.accountType === null)) {
    return <Navigate to={stepPath(code, 'inputType', draft)} replace />;
  }
  if (fund.isPending || plans.isPending || fund.isError || plans.isError) {
    return <PlanStepWaiting title="積立金額の入力" queries={[fund, plans]} />;
  }
  const cardTotal = currentCardMonthlyTotal(plans.data.recurringPurchases, draft.plan);
  // the card window explains a change of an existing plan from 口座振替 to card; a new card plan starts
  // by the month's cut-over like any plan (issue 25)
  const switchingToCard =
    paymentMethod === 'CREDIT_CARD' && plan !== null && plan.paymentMethod === 'ACCOUNT_TRANSFER';
  const onSubmit = form.handleSubmit((values) => {
    const bonusMonths = bonusMonthsOf(values);
    void navigate(
      stepPath(code, 'confirm', {
        ...draft,
        amount: values.amount,
        bonusMonths,
        bonusAmount: bonusMonths.length === 0 ? '' : values.bonusAmount,
      }),
    );
  });
  return (
    <>
      <PageHeading title="積立金額の入力" />
      <p className="scheduled-buy__fund">{fund.data.fund.name}</p>
      <p className="scheduled-buy__note">
        {paymentMethodLabels[paymentMethod]}・{accountType === null ? '' : planAccountLabels[accountType]}
        <LinkButton variant="text" to={stepPath(code, 'inputType', draft)}>
          変更する
        </LinkButton>
      </p>
      {bankAccountMissing ? (
        <p className="scheduled-buy__note">
          <BankAccountMissingNote debitedBy="recurring" />
        </p>
      ) : null}
      <Card title="積立金額">
        <form className="scheduled-buy__form" onSubmit={(event) => void onSubmit(event)} noValidate>
          <AmountFormField
            control={form.control}
            name="amount"
            label="毎月の積立金額"
            rule={recurringAmountRule('積立金額')}
            required
          />
          {paymentMethod === 'CREDIT_CARD' ? (
            <div className="scheduled-buy__card-total" role="note" aria-label="カード積立の合計">
              <p className="scheduled-buy__note">
                現在のほかのカード積立の合計：月{formatYen(cardTotal)}（すべてのカード積立の合計で月
                {formatYen(recurringPlanRules.cardMonthlyLimit)}まで。あと月
                {formatYen(
                  cardTotal >= recurringPlanRules.cardMonthlyLimit
                    ? 0n
                    : recurringPlanRules.cardMonthlyLimit - cardTotal,
                )}
                まで設定できます）
              </p>
              {switchingToCard ? <p className="scheduled-buy__note">{cardSwitchNotice(new Date())}</p> : null}
            </div>
          ) : null}
          <fieldset className="scheduled-buy__bonus">
            <legend className="ui-radio-group__legend">ボーナス月の増額（任意・年2回まで）</legend>
            <div className="scheduled-buy__bonus-months">
              {(['bonusMonth1', 'bonusMonth2'] as const).map((name, index) => (
                <SelectFormField
                  key={name}
                  control={form.control}
                  name={name}
                  label={`ボーナス月${index + 1}`}
                  options={monthOptions}
                />
              ))}
            </div>
            <AmountFormField
              control={form.control}
              name="bonusAmount"
              label="ボーナス月の増額分"
              rule={recurringAmountRule('ボーナス月の増額分')}
              note="ボーナス月は毎月の金額にこの金額を加えて積み立てます"
            />
          </fieldset>
          {accountType === null ? null : (
            <RecurringNisaNote accountType={accountType} status={nisaRoom.data} />
          )}
          <RecurringPointsNote />
          <Button type="submit" width="100%">
            確認画面へ
          </Button>
        </form>
      </Card>
    </>
  );
}
