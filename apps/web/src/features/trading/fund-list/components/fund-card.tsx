import type { AccountRoleType, FundSummary } from '@fund/contracts';
import { formatJapaneseDate } from '@fund/domain';
import { useId } from 'react';
import { Button } from '../../../../components/button/button';
import { Badge, Card, Change, DescriptionList, NavPrice } from '../../../../components/ui';
import { assetClassLabel, retentionFeeLabel, salesStatusBadge } from './fund-labels';
import { FundDetailPanel } from './fund-detail';
import { FundNisaTags } from './fund-nisa-tags';
import { FundRiskScale } from './fund-risk-scale';

function NavFigures({ fund }: { readonly fund: FundSummary }) {
  if (fund.nav === null || fund.navDate === null) {
    return <p className="fund-card__note">基準価額はまだ公表されていません。</p>;
  }
  return (
    <div className="fund-card__price">
      <dl className="fund-card__figures">
        <div>
          <dt>基準価額</dt>
          <dd className="fund-card__nav" data-testid="fund-nav">
            <NavPrice value={fund.nav} />
          </dd>
        </div>
        {fund.dayChange === null ? null : (
          <div>
            <dt>前日比</dt>
            <dd data-testid="fund-day-change">
              {/* a market price's change, against the NAV before it: shown even when amounts are hidden */}
              <Change value={fund.dayChange} base={BigInt(fund.nav) - BigInt(fund.dayChange)} alwaysShown />
            </dd>
          </div>
        )}
      </dl>
      <p className="fund-card__note">{formatJapaneseDate(fund.navDate)}時点・1万口あたり</p>
    </div>
  );
}

/**
 * One fund of the list: its price, risk, NISA 枠, fee and sales status at a glance, and a disclosure that
 * opens its detail (chart, prospectus, actions) under it; `open` comes from the address (`?fund=CODE`).
 */
export function FundCard({
  fund,
  accountRole: role,
  held,
  open,
  onToggle,
}: {
  readonly fund: FundSummary;
  readonly accountRole: AccountRoleType | null;
  readonly held: boolean;
  readonly open: boolean;
  readonly onToggle: () => void;
}) {
  const detailId = useId();
  const status = salesStatusBadge[fund.salesStatus];
  return (
    <li className="fund-card">
      <Card title={fund.name} titleLevel={3}>
        <p className="fund-card__company">
          {status === null ? null : <Badge tone="danger">{status}</Badge>}
          {status === null && fund.redemption !== null ? (
            <Badge tone="warning">{`${formatJapaneseDate(fund.redemption.date)}償還予定`}</Badge>
          ) : null}
          {fund.managementCompany}
        </p>
        <NavFigures fund={fund} />
        <DescriptionList
          label={`${fund.shortName}の概要`}
          items={[
            { term: 'リスク区分', value: <FundRiskScale level={fund.riskLevel} /> },
            { term: '投資対象', value: assetClassLabel(fund) },
            { term: 'NISA', value: <FundNisaTags nisa={fund.nisa} /> },
            { term: '信託財産留保額', value: retentionFeeLabel(fund.retentionFeeBasisPoints) },
          ]}
        />
        <Button
          variant="text"
          className="fund-card__toggle"
          aria-expanded={open}
          aria-controls={open ? detailId : undefined}
          onClick={onToggle}
        >
          <span className="visually-hidden">{fund.shortName}の</span>
          {open ? '詳細を閉じる' : 'チャート・目論見書・購入'}
        </Button>
        {open ? <FundDetailPanel fund={fund} accountRole={role} held={held} id={detailId} /> : null}
      </Card>
    </li>
  );
}
