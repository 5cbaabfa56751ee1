import type { FundTotalReturn, TotalReturns } from '@fund/contracts';
import { formatJapaneseDate } from '@fund/domain';
import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading/page-heading';
import { Card, DescriptionList, EmptyState, ErrorState, Money, Skeleton } from '../../components/ui';
import type { PageModule } from '../../lib/routing/page-module';
import { useTotalReturns } from './api/get-total-returns';
import './total-return.css';

type Figures = TotalReturns['total'];

/** The five figures of one fund or of all, in the order of the definition, the result last. */
function TotalReturnFigures({ figures, label }: { readonly figures: Figures; readonly label: string }) {
  return (
    <DescriptionList
      label={label}
      items={[
        { term: '評価金額', value: <Money value={figures.valuation} /> },
        { term: '累計売付金額', value: <Money value={figures.sold} /> },
        {
          term: '累計受取分配金額',
          value: <Money value={figures.distributions} />,
          note:
            figures.distributionsReinvested === '0' ? undefined : (
              <>
                うち再投資 <Money value={figures.distributionsReinvested} />
              </>
            ),
        },
        {
          term: '累計買付金額',
          value: <Money value={figures.bought} />,
          note:
            figures.boughtByReinvestment === '0' ? undefined : (
              <>
                うち再投資 <Money value={figures.boughtByReinvestment} />
              </>
            ),
        },
        {
          term: <strong>トータルリターン</strong>,
          value: <Money value={figures.totalReturn} tone="signed" />,
        },
      ]}
    />
  );
}

function FundCards({ funds, title }: { readonly funds: readonly FundTotalReturn[]; readonly title: string }) {
  if (funds.length === 0) return null;
  return (
    <Card title={title}>
      {funds.map((fund) => (
        <section key={fund.fundCode} id={`fund-${fund.fundCode}`} className="total-return__fund">
          <h3 className="total-return__fund-name">{fund.fundShortName}</h3>
          <TotalReturnFigures figures={fund} label={`${fund.fundShortName}のトータルリターン`} />
        </section>
      ))}
    </Card>
  );
}

/** What トータルリターン is, in the customer's words (JSDA rule; domain.md §9). */
function Definition() {
  return (
    <Card title="トータルリターンとは">
      <p className="total-return__formula">
        トータルリターン ＝ 評価金額 ＋ 累計売付金額 ＋ 累計受取分配金額 − 累計買付金額
      </p>
      <ul className="total-return__notes">
        <li>
          ファンドを買ってから今日までに、分配金や売却で受け取った金額と今の評価金額の合計が、買うために支払った金額をどれだけ上回っているか（下回っているか）を表します。
        </li>
        <li>評価金額は本日時点の解約価額で計算し、売却注文中の口数も含みます。</li>
        <li>
          累計売付金額は解約・償還で受け取った金額です（信託財産留保額を差し引いた後、税金を差し引く前）。
        </li>
        <li>累計受取分配金額は税引後の分配金で、元本払戻金（特別分配金）と再投資した分配金を含みます。</li>
        <li>累計買付金額は手数料を含む購入金額で、分配金の再投資による購入を含みます。</li>
        <li>受渡の済んだお取引で計算します。受渡前の注文は含みません。</li>
      </ul>
    </Card>
  );
}

/**
 * トータルリターン (issue 28 point 6): each fund's and the total, funds no longer held listed apart, the
 * definition beside it. The 評価金額 is 資産状況's, so the figures agree with it to the yen.
 */
export function TotalReturnPage() {
  const query = useTotalReturns();
  let content;
  if (query.isPending) content = <Skeleton label="トータルリターン" lines={10} />;
  else if (query.isError)
    content = (
      <ErrorState what="トータルリターン" onRetry={() => void query.refetch()} retrying={query.isFetching} />
    );
  else if (query.data.funds.length === 0)
    content = (
      <EmptyState title="まだお取引がありません。" action={<Link to="/trading">ファンドを探す</Link>}>
        ファンドを購入すると、ここにトータルリターンが表示されます。
      </EmptyState>
    );
  else {
    const { funds, total, referenceDate } = query.data;
    content = (
      <>
        <Card title="すべてのファンドの合計">
          <p className="total-return__date">{`${formatJapaneseDate(referenceDate)}時点`}</p>
          <TotalReturnFigures figures={total} label="合計のトータルリターン" />
        </Card>
        <FundCards title="保有中のファンド" funds={funds.filter((fund) => fund.held)} />
        <FundCards title="保有していないファンド" funds={funds.filter((fund) => !fund.held)} />
      </>
    );
  }
  return (
    <div className="total-return">
      <PageHeading title="トータルリターン" />
      {content}
      <Definition />
      <p className="total-return__back">
        <Link to="/assets">資産状況へ戻る</Link>
      </p>
    </div>
  );
}

export const totalReturnPage: PageModule = { Component: TotalReturnPage };
