import type { AssetHolding } from '@fund/contracts';
import { formatAccountType, formatJapaneseDate } from '@fund/domain';
import { LinkButton } from '../../../components/button/link-button';
import {
  Badge,
  Change,
  DescriptionList,
  Money,
  NavPrice,
  Units,
  type DescriptionItem,
} from '../../../components/ui';
import { previousValueOf } from '../day-change-base';
import { HoldingDistributions } from './holding-distributions';

export interface AssetsHoldingProps {
  readonly holding: AssetHolding;
  /** What names the holding in its group: the fund under an account type, the account type under a fund. */
  readonly titledBy: 'fund' | 'accountType';
  /** 追加購入 is offered (decision 012 "Roles"). */
  readonly canBuy: boolean;
}

const sellPath = (code: string) => `/trading/sell/${encodeURIComponent(code)}`;
const buyPath = (code: string) => `/trading/buy/${encodeURIComponent(code)}/input`;

/** The prices of the holding's NAV date: 基準価額, and 解約価額 where 信託財産留保額 makes it lower. */
function priceItems(holding: AssetHolding): DescriptionItem[] {
  if (holding.nav === null || holding.navDate === null || holding.cancellationPrice === null) {
    return [{ term: '基準価額（1万口あたり）', value: '基準価額はまだありません' }];
  }
  const date = `${formatJapaneseDate(holding.navDate)}時点`;
  const nav: DescriptionItem = {
    term: '基準価額（1万口あたり）',
    value: <NavPrice value={holding.nav} />,
    note: date,
  };
  if (holding.cancellationPrice === holding.nav) return [nav];
  return [
    nav,
    {
      term: '解約価額（1万口あたり）',
      value: <NavPrice value={holding.cancellationPrice} />,
      note: '信託財産留保額を差し引いた価額',
    },
  ];
}

/**
 * One holding (a fund in one account type) valued at the 解約価額 of the reference date: 評価額 with its
 * 評価損益 against 簿価 first, then units, cost, day change and prices; units of sell orders not yet settled
 * are already deducted and shown as pending with their estimate.
 */
export function AssetsHolding({ holding, titledBy, canBuy }: AssetsHoldingProps) {
  const accountType = formatAccountType(holding.accountType);
  const title = titledBy === 'fund' ? holding.fund.name : accountType;
  const pending = holding.pendingSellUnits !== '0';
  const who = `${holding.fund.shortName}・${accountType}`;
  return (
    <article className="assets-holding" aria-label={`${holding.fund.shortName}（${accountType}）`}>
      <h4 className="assets-holding__title">{title}</h4>
      <div className="assets-holding__headline">
        <span className="assets-holding__label">評価額</span>
        <span className="assets-holding__value">
          <Money value={holding.value} />
        </span>
      </div>
      <div className="assets-holding__headline">
        <span className="assets-holding__label">評価損益</span>
        <Change value={holding.gainLoss} base={holding.bookValue} />
      </div>
      {pending ? (
        <p className="assets-holding__pending">
          <Badge tone="warning">売却注文中</Badge>
          <span>
            <Units value={holding.pendingSellUnits} />
            （概算 <Money value={holding.pendingSellValue} />）
          </span>
        </p>
      ) : null}
      <DescriptionList
        label={`${holding.fund.shortName}（${accountType}）の明細`}
        items={[
          {
            term: '保有口数',
            value: <Units value={holding.units} />,
            ...(pending ? { note: '売却注文中の口数を除く' } : {}),
          },
          { term: '簿価（取得価額）', value: <Money value={holding.bookValue} /> },
          {
            term: '前日比',
            value: (
              <Change value={holding.dayChange} base={previousValueOf(holding.value, holding.dayChange)} />
            ),
          },
          ...priceItems(holding),
          { term: '個別元本（1万口あたり）', value: <Money value={holding.costBasisPer10k} /> },
        ]}
      />
      <HoldingDistributions fundCode={holding.fund.code} accountType={holding.accountType} name={who} />
      <div className="assets-holding__actions">
        <LinkButton to={sellPath(holding.fund.code)} variant="outline">
          売却<span className="visually-hidden">（{who}）</span>
        </LinkButton>
        {canBuy ? (
          <LinkButton to={buyPath(holding.fund.code)} variant="outline">
            追加購入<span className="visually-hidden">（{who}）</span>
          </LinkButton>
        ) : null}
      </div>
    </article>
  );
}
