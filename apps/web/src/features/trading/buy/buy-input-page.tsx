import type { AccountRoleType, FundDetail, OrderEstimate } from '@fund/contracts';
import { formatJapaneseDate } from '@fund/domain';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { AmountFormField, RadioFormField, SegmentedFormField } from '../../../components/form-fields';
import { courseOptions } from '../../../lib/fund-life/distribution-course-words';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button } from '../../../components/button/button';
import { PageHeading } from '../../../components/page-heading/page-heading';
import { Card, DescriptionList, ErrorState, Money, Skeleton, Units } from '../../../components/ui';
import { useAccountRole } from '../../../lib/auth/use-account-role';
import { useContractForm } from '../../../lib/forms/use-contract-form';
import type { PageModule } from '../../../lib/routing/page-module';
import { useBuyCashBalance } from './api/get-buy-cash-balance';
import { useBuyPoint } from './api/get-buy-point';
import { useFund } from '../shared/api/get-fund';
import { useOrderEstimate } from '../shared/api/post-order-estimate';
import {
  draftFromSearchParams,
  draftSearchParams,
  estimateRequestOf,
  startNewIntent,
  type BuyDraft,
  type BuyOrderType,
} from './buy-draft';
import { buyFormSchema, buyValueRule, draftOf, formValuesOf, type BuyFormValues } from './buy-form';
import { refusalByCode, refusalOf } from './buy-messages';
import { accountsFor, BuyAccountChoice } from './components/buy-account-choice';
import { BuyFundCard, BuyProspectusNotice } from './components/buy-fund-card';
import { BuyPayment } from './components/buy-payment';
import { BuyPoints } from './components/buy-points';
import './buy-flow.css';

const buyAmountNote = 'ポイント充当額を含むご注文金額です';
const buyUnitsNote = 'お預り金は、概算金額に基準価額の変動に備えた余裕分を加えた額をお預かりします';

const orderTypeOptions = [
  { value: 'AMOUNT', label: '金額指定' },
  { value: 'QUANTITY', label: '口数指定' },
] as const;

/** The value after the customer stopped typing for a moment, so the estimate is not asked per key. */
function useSettled<T>(value: T, delayMs = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** 概算 of what is typed: units (or yen) at the latest price and the dates, said to be an estimate. */
function LiveEstimate({
  estimate,
  error,
}: {
  readonly estimate: OrderEstimate | undefined;
  readonly error: Error | null;
}) {
  if (error !== null)
    return (
      <p className="buy-flow__alert" role="alert">
        {refusalOf(error).message}
      </p>
    );
  if (estimate === undefined) return null;
  return (
    <div className="buy-flow__estimate" aria-live="polite">
      <DescriptionList
        label="概算"
        items={[
          estimate.orderType === 'AMOUNT'
            ? { term: '概算口数', value: <Units value={estimate.units} /> }
            : { term: '概算金額', value: <Money value={estimate.amount} /> },
          { term: '受渡日', value: formatJapaneseDate(estimate.dates.settlementDate) },
        ]}
      />
      <p className="buy-flow__note">
        {formatJapaneseDate(estimate.priceDate)}
        の基準価額による概算です。実際の口数・金額は約定日の基準価額で決まります。
      </p>
    </div>
  );
}

function defaultAccount(role: AccountRoleType | null): BuyDraft['accountType'] {
  return accountsFor(role)[0] ?? 'specific';
}

function BuyInputForm({
  code,
  fund,
  role,
}: {
  readonly code: string;
  readonly fund: FundDetail['fund'];
  readonly role: AccountRoleType | null;
}) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const point = useBuyPoint();
  const cash = useBuyCashBalance();
  const pointBalance = point.data?.point.balance ?? null;
  const cashBalance = cash.data ?? null;
  const nav = fund.nav;
  const schema = useMemo(
    () => buyFormSchema({ pointBalance, cashBalance, nav }),
    [pointBalance, cashBalance, nav],
  );
  const form = useContractForm(schema, {
    defaultValues: formValuesOf(
      draftFromSearchParams(params),
      defaultAccount(role),
      fund.reinvestmentOffered,
    ),
  });
  const { control, handleSubmit, setError, formState } = form;

  // back from the confirm page with a refusal: mark the field it is about, keeping every figure
  const refusalCode = params.get('refusal');
  const refusal = refusalCode === null ? null : refusalByCode(refusalCode);
  useEffect(() => {
    if (refusal === null) return;
    if (refusal.field === 'value' || refusal.field === 'points' || refusal.field === 'accountType')
      setError(refusal.field, { message: refusal.message }, { shouldFocus: true });
  }, [refusal, setError]);

  const values = useWatch({ control }) as BuyFormValues;
  const liveDraft = schema.safeParse(values).success ? draftOf(values) : null;
  const settledDraft = useSettled(liveDraft === null ? null : draftSearchParams(liveDraft).toString());
  const settled = settledDraft === null ? null : draftFromSearchParams(new URLSearchParams(settledDraft));
  const estimate = useOrderEstimate(settled === null ? null : estimateRequestOf(code, settled));
  const settlementYear =
    estimate.data === undefined ? null : Number(estimate.data.dates.settlementDate.slice(0, 4));

  const blocked =
    fund.salesStatus !== 'ON_SALE' ||
    fund.nav === null ||
    (fund.prospectus !== null && !fund.prospectus.confirmed);

  const submit = handleSubmit((valid) => {
    startNewIntent();
    void navigate({
      pathname: `/trading/buy/${code}/confirm`,
      search: `?${draftSearchParams(draftOf(valid)).toString()}`,
    });
  });

  const orderType: BuyOrderType = values.orderType ?? 'AMOUNT';
  return (
    <form className="buy-flow__form" noValidate onSubmit={(event) => void submit(event)}>
      <BuyProspectusNotice code={code} fund={fund} />
      {refusal !== null && refusal.field === null ? (
        <p className="buy-flow__alert" role="alert">
          {refusal.message}
        </p>
      ) : null}
      <Card title="ご注文内容">
        <SegmentedFormField
          control={control}
          name="orderType"
          label="購入方法"
          showLabel
          options={orderTypeOptions}
        />
        <AmountFormField
          control={control}
          name="value"
          label={orderType === 'AMOUNT' ? '購入金額' : '購入口数'}
          rule={buyValueRule(orderType, nav)}
          note={orderType === 'AMOUNT' ? buyAmountNote : buyUnitsNote}
          required
        />
        <Controller
          control={control}
          name="accountType"
          render={({ field, fieldState }) => (
            <BuyAccountChoice
              fund={fund}
              role={role}
              settlementYear={settlementYear}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <LiveEstimate estimate={estimate.data} error={estimate.error} />
      </Card>
      <Card title="分配金の受取方法">
        <RadioFormField
          control={control}
          name="course"
          legend="分配金の受け取り方"
          options={courseOptions(fund.reinvestmentOffered)}
        />
        <p className="buy-flow__note">
          ご購入後も、資産状況の各ファンドから変更できます（次の決算から適用）。
        </p>
      </Card>
      <BuyPayment>
        <h3 className="buy-flow__subheading">ポイント</h3>
        {orderType === 'AMOUNT' ? (
          <Controller
            control={control}
            name="points"
            render={({ field, fieldState }) => (
              <BuyPoints
                usePoints={values.usePoints ?? false}
                onUsePointsChange={(use) =>
                  form.setValue('usePoints', use, { shouldValidate: formState.isSubmitted })
                }
                points={field.value}
                onPointsChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        ) : (
          <p className="buy-flow__note">ポイントは金額指定のご購入でご利用いただけます。</p>
        )}
      </BuyPayment>
      <div className="buy-flow__actions">
        {blocked ? (
          <p className="buy-flow__note" id="buy-next-blocked">
            {fund.salesStatus !== 'ON_SALE' || fund.nav === null
              ? 'このファンドは現在ご購入いただけません。'
              : '交付目論見書をご確認いただくと、次へ進めます。'}
          </p>
        ) : null}
        <Button
          type="submit"
          variant="primary"
          width="100%"
          disabled={blocked}
          aria-describedby={blocked ? 'buy-next-blocked' : undefined}
        >
          確認画面へ進む
        </Button>
      </div>
    </form>
  );
}

function BuyInput({ code, role }: { readonly code: string; readonly role: AccountRoleType | null }) {
  const fund = useFund(code);
  if (fund.isPending) return <Skeleton label="ファンドの情報" lines={6} />;
  if (fund.isError)
    return (
      <ErrorState what="ファンドの情報" onRetry={() => void fund.refetch()} retrying={fund.isFetching} />
    );
  return (
    <>
      <BuyFundCard fund={fund.data.fund} />
      <BuyInputForm code={code} fund={fund.data.fund} role={role} />
    </>
  );
}

/** Junior NISA: no new purchases since 2024 (domain.md §5); the screen explains instead of a form. */
function JuniorNisaNotice() {
  return (
    <Card title="ご購入について">
      <p className="buy-flow__lead">ジュニアNISA口座のお客さまは、新たにご購入いただけません。</p>
      <p className="buy-flow__note">
        ジュニアNISAでの新たなご購入は2023年で終了しました。保有中の商品はそのまま非課税で保有を続けられ、口座の資産は年齢にかかわらずいつでも非課税で払い出しいただけます。
      </p>
    </Card>
  );
}

/**
 * 購入金額の入力 (spec §2 /trading/buy/{code}/input, issue 15 point 2): 金額指定 or 口数指定, the account
 * with its NISA room, payment from お預り金, points, and the prospectus to confirm before going on.
 */
export function BuyInputPage() {
  const { code = '' } = useParams();
  const role = useAccountRole();
  return (
    <div className="buy-flow">
      <PageHeading title="購入金額の入力" />
      {role === 'JUNIOR_NISA' ? <JuniorNisaNotice /> : <BuyInput code={code} role={role} />}
    </div>
  );
}

export const buyInputPage: PageModule = { Component: BuyInputPage };
