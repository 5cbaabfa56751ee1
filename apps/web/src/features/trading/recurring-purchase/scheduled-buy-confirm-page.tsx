import {
  type DistributionCourseValue,
  createRecurringPurchaseBodySchema,
  updateRecurringPurchaseBodySchema,
  type CreateRecurringPurchaseBody,
  type RecurringPurchase,
  type UpdateRecurringPurchaseBody,
} from '@fund/contracts';
import { formatJapaneseDateWithWeekday, formatYearMonth } from '@fund/domain';
import { useMemo, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Button } from '../../../components/button/button';
import { LinkButton } from '../../../components/button/link-button';
import { PageHeading } from '../../../components/page-heading/page-heading';
import { Card, DescriptionList, ErrorState, RadioGroup, Skeleton } from '../../../components/ui';
import { courseOptions } from '../../../lib/fund-life/distribution-course-words';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import { useBankAccountForDebits } from '../shared/api/get-bank-account-for-debits';
import { useNisaRoomForRecurringPurchase } from './api/get-nisa-room-for-recurring-purchase';
import { useCreateRecurringPurchase } from './api/post-recurring-purchase';
import { useUpdateRecurringPurchase } from './api/put-recurring-purchase';
import { BankAccountMissingNote } from '../shared/components/bank-account-missing-note';
import { PlanSummary } from './components/plan-summary';
import { RecurringNisaSplit } from './components/recurring-nisa-split';
import { RecurringPointsNote } from './components/recurring-notes';
import { useScheduledBuyContext } from './scheduled-buy-context';
import { intentKey, stepPath, type ScheduledBuyDraft } from './scheduled-buy-draft';
import { planRefusalOf, type PlanRefusal, type PlanRefusalField } from '../shared/scheduled-buy-refusal';
import {
  changeEffectiveMonth,
  datesOfMonth,
  newPlanDates,
  paymentMethodLabels,
  planAccountLabels,
} from './scheduled-buy-rules';
import { batchFlagLabels, termsText } from './scheduled-buy-text';
import '../shared/scheduled-buy.css';

function bonusOf(draft: ScheduledBuyDraft) {
  return draft.bonusMonths.length === 0 || draft.bonusAmount === ''
    ? null
    : { months: [...draft.bonusMonths], amount: draft.bonusAmount };
}

/** 積立 step 3 (spec §2 confirm): everything chosen, the first dates, and 設定する. */
export function ScheduledBuyConfirmPage() {
  const { code, draft, fund, plans, plan } = useScheduledBuyContext();
  const [done, setDone] = useState<RecurringPurchase | null>(null);
  const [refusal, setRefusal] = useState<PlanRefusal | null>(null);
  const create = useCreateRecurringPurchase();
  const update = useUpdateRecurringPurchase();
  const bankAccount = useBankAccountForDebits();
  const now = useMemo(() => new Date(), []);
  const accountType = plan?.accountType ?? draft.accountType;
  const nisaRoom = useNisaRoomForRecurringPurchase(
    accountType === 'nisa2_tsumitate' || accountType === 'nisa2_growth',
  );
  // 分配金の受取方法 of the holding the new plan buys into: 再投資 unless chosen otherwise or not offered
  const [chosenCourse, setChosenCourse] = useState<DistributionCourseValue>('REINVEST');
  const reinvestmentOffered = fund.data?.fund.reinvestmentOffered ?? true;
  const course = reinvestmentOffered ? chosenCourse : 'RECEIVE';
  const createBody: CreateRecurringPurchaseBody = {
    fundCode: code,
    accountType: accountType ?? 'specific',
    amount: draft.amount,
    bonus: bonusOf(draft),
    paymentMethod: draft.paymentMethod ?? 'ACCOUNT_TRANSFER',
    distributionCourse: course,
  };
  const updateBody: UpdateRecurringPurchaseBody = {
    amount: draft.amount,
    bonus: bonusOf(draft),
    paymentMethod: draft.paymentMethod ?? 'ACCOUNT_TRANSFER',
  };
  const intent = JSON.stringify([code, draft.plan ?? 'new', draft.plan === null ? createBody : updateBody]);
  // the contract's schema checks the request once more before it leaves (decision 012 "Forms")
  const createForm = useContractForm(createRecurringPurchaseBodySchema, { values: createBody });
  const updateForm = useContractForm(updateRecurringPurchaseBodySchema, { values: updateBody });

  // the answer is shown as soon as it comes, whatever the refreshed plan list now says about the draft
  if (done !== null) {
    return (
      <>
        <PageHeading title="積立内容の確認" />
        <Card title={draft.plan === null ? '積立の設定を受け付けました' : '積立の変更を受け付けました'}>
          <p className="scheduled-buy__done" role="status">
            {done.pendingChange === null
              ? '内容を受け付けました。'
              : `${formatYearMonth(done.pendingChange.appliesFrom)}分から適用されます。`}
          </p>
        </Card>
        <PlanSummary plan={done} />
        <div className="scheduled-buy__actions">
          <LinkButton to={stepPath(code, 'inputType', { plan: done.id })}>
            この積立を確認・変更する
          </LinkButton>
          <LinkButton variant="outline" to="/trading">
            ファンド一覧へ
          </LinkButton>
        </div>
      </>
    );
  }
  if (fund.isPending || plans.isPending) {
    return (
      <>
        <PageHeading title="積立内容の確認" />
        <Skeleton label="積立の内容" lines={8} />
      </>
    );
  }
  if (fund.isError || plans.isError) {
    return (
      <>
        <PageHeading title="積立内容の確認" />
        <ErrorState
          what="積立の内容"
          onRetry={() => {
            void fund.refetch();
            void plans.refetch();
          }}
        />
      </>
    );
  }
  // the plan being changed is known only once the plans are loaded: never send the customer away before
  if (draft.paymentMethod === null || accountType === null || draft.amount === '') {
    return (
      <Navigate
        to={stepPath(code, draft.paymentMethod === null ? 'inputType' : 'inputAmount', draft)}
        replace
      />
    );
  }

  const managing = plan !== null;
  // as the server refuses it (400-227): a new 口座振替 積立, or a switch to 口座振替, without a bank account;
  // no first debit date is promised and 設定する is not offered
  const bankAccountMissing =
    draft.paymentMethod === 'ACCOUNT_TRANSFER' &&
    plan?.paymentMethod !== 'ACCOUNT_TRANSFER' &&
    bankAccount.data === 'no-bank-account';
  const month = managing ? changeEffectiveMonth(now, plan.paymentMethod, draft.paymentMethod) : null;
  const dates = month === null ? newPlanDates(now) : datesOfMonth(month);
  const flag = !managing || plan.pendingChange?.batchFlag === 'create' ? 'create' : 'update';
  const pending = create.isPending || update.isPending;
  const fix = (step: 'inputType' | 'inputAmount', label: string) => (
    <LinkButton variant="text" to={stepPath(code, step, draft)}>
      {label}
    </LinkButton>
  );
  // a refusal stands beside the row it is about, with the way back to the step that changes that row
  const noteOf = (field: PlanRefusalField, change: ReactNode): ReactNode =>
    refusal?.field === field ? (
      <>
        <span className="ui-field__error" role="alert">
          {refusal.message}
        </span>
        {change}
      </>
    ) : (
      change
    );

  const onFailure = (error: unknown) => setRefusal(planRefusalOf(error));
  const submit = managing
    ? updateForm.handleSubmit((body) => {
        setRefusal(null);
        update.mutate({ id: plan.id, body }, { onSuccess: setDone, onError: onFailure });
      })
    : createForm.handleSubmit((body) => {
        setRefusal(null);
        create.mutate({ body, key: intentKey(intent) }, { onSuccess: setDone, onError: onFailure });
      });

  return (
    <>
      <PageHeading title="積立内容の確認" />
      <p className="scheduled-buy__fund">{fund.data.fund.name}</p>
      <Card title={managing ? '変更後の積立の内容' : '積立の内容'}>
        <DescriptionList
          label="積立の内容"
          items={[
            { term: 'ファンド', value: fund.data.fund.name },
            {
              term: 'お支払い方法',
              value: paymentMethodLabels[draft.paymentMethod],
              note: bankAccountMissing ? (
                <>
                  <BankAccountMissingNote debitedBy="recurring" />
                  {fix('inputType', 'お支払い方法を変更する')}
                </>
              ) : (
                noteOf('paymentMethod', fix('inputType', '変更する'))
              ),
            },
            {
              term: '口座区分',
              value: planAccountLabels[accountType],
              // refused, a new plan may choose another account type; a plan being changed keeps its own
              note:
                refusal?.field === 'accountType'
                  ? noteOf('accountType', managing ? null : fix('inputType', '口座区分を変更する'))
                  : undefined,
            },
            {
              term: '積立金額',
              value: termsText({ amount: draft.amount, bonus: bonusOf(draft) }),
              note: noteOf('amount', fix('inputAmount', '変更する')),
            },
            { term: 'ポイント利用', value: 'なし（積立ではポイントを使えません）' },
          ]}
        />
        <RecurringNisaSplit
          accountType={accountType}
          amount={draft.amount}
          fundTsumitateEligible={fund.data.fund.nisa.tsumitate}
          status={nisaRoom.data}
        />
      </Card>
      {bankAccountMissing ? null : (
        <Card title={managing ? '変更の適用' : '初回の予定'}>
          <DescriptionList
            label={managing ? '変更の適用' : '初回の予定'}
            items={[
              { term: managing ? '適用開始月' : '開始月', value: formatYearMonth(dates.startMonth) },
              {
                term: draft.paymentMethod === 'CREDIT_CARD' ? '初回のカード決済日' : '初回の引落日',
                value: formatJapaneseDateWithWeekday(dates.firstDebitDate),
                note: '毎月27日（休業日の場合は翌営業日）',
              },
              {
                term: '初回の買付申込日（予定）',
                value: formatJapaneseDateWithWeekday(dates.firstOrderDate),
                note: 'お引落しの確認後に買付をお申込みします',
              },
              {
                term: '処理区分',
                value: batchFlagLabels[flag],
                note: `${formatYearMonth(dates.startMonth)}分の処理から反映されます`,
              },
            ]}
          />
          <p className="scheduled-buy__note">
            毎月15日までのお手続きはその月分から、16日以降のお手続きは翌月分から反映されます。
            {managing && plan.paymentMethod !== draft.paymentMethod && draft.paymentMethod === 'CREDIT_CARD'
              ? ' 口座振替からカード払いへの変更は、10日〜15日のお手続きのみその月分から反映されます。'
              : null}
          </p>
          <RecurringPointsNote />
        </Card>
      )}
      {managing ? null : (
        <Card title="分配金の受取方法">
          <RadioGroup
            legend="受取方法を選択"
            value={course}
            onChange={setChosenCourse}
            options={courseOptions(reinvestmentOffered)}
          />
          <p className="scheduled-buy__note">
            積立の開始後も、資産状況の各ファンドから変更できます（次の決算から適用）。
          </p>
        </Card>
      )}
      <form className="scheduled-buy__submit" onSubmit={(event) => void submit(event)} noValidate>
        {refusal?.field === 'form' ? (
          <p className="ui-field__error" role="alert">
            {refusal.message}
          </p>
        ) : null}
        {bankAccountMissing ? null : (
          <Button type="submit" width="100%" loading={pending}>
            {managing ? '変更する' : '設定する'}
          </Button>
        )}
        <LinkButton variant="text" to={stepPath(code, 'inputAmount', draft)}>
          戻る
        </LinkButton>
      </form>
    </>
  );
}
