import type { NisaStatusByYear } from '@fund/contracts';
import { Card, DescriptionList, Money, UsageBar } from '../../../components/ui';

type Bucket = NisaStatusByYear['tsumitate'];

function BucketUse({ name, bucket }: { readonly name: string; readonly bucket: Bucket }) {
  const settled = (BigInt(bucket.used) - BigInt(bucket.pending)).toString();
  const hasPending = BigInt(bucket.pending) > 0n;
  return (
    <div className="nisa-use">
      <h3 className="nisa-use__name">{name}</h3>
      <UsageBar
        max={bucket.annualLimit}
        segments={[
          { value: settled, tone: 'used' },
          { value: bucket.pending, tone: 'held' },
        ]}
      />
      <DescriptionList
        label={`${name}の利用状況`}
        items={[
          { term: '年間投資枠', value: <Money value={bucket.annualLimit} alwaysShown /> },
          {
            term: '利用額',
            value: <Money value={bucket.used} />,
            note: hasPending ? (
              <>
                うち注文中 <Money value={bucket.pending} />
              </>
            ) : undefined,
          },
          { term: '残り', value: <Money value={bucket.remaining} /> },
        ]}
      />
    </div>
  );
}

/**
 * A year's つみたて投資枠 and 成長投資枠 (domain.md §5): used by 受渡日 year, of which pending orders
 * (they hold limit from the moment they are placed), and the room left. Annual limits never come back.
 */
export function NisaAnnualCard({
  status,
  isThisYear,
}: {
  readonly status: NisaStatusByYear;
  readonly isThisYear: boolean;
}) {
  return (
    <Card title={`${status.year}年の年間投資枠${isThisYear ? '（今年）' : ''}`}>
      <p className="nisa-card__lead">
        受渡日が{status.year}年のご購入と、受渡日前のご注文（注文中）の金額です。
      </p>
      <BucketUse name="つみたて投資枠" bucket={status.tsumitate} />
      <BucketUse name="成長投資枠" bucket={status.growth} />
      <p className="nisa-use__legend">
        <span className="nisa-use__swatch" aria-hidden="true" />
        受渡済み
        <span className="nisa-use__swatch nisa-use__swatch--held" aria-hidden="true" />
        注文中
      </p>
    </Card>
  );
}
