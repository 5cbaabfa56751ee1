import { formatPoints, type WholeNumber } from '@fund/domain';
import { usePrivacyStore } from '../../lib/privacy/privacy-store';

/** 1,545ポイント — the customer's points, masked with every amount by the privacy toggle. */
export function Points({ value }: { readonly value: WholeNumber }) {
  const hidden = usePrivacyStore((state) => state.amountsHidden);
  if (hidden) {
    return (
      <span className="ui-figure ui-figure--masked" role="img" aria-label="非表示">
        ＊＊＊＊ポイント
      </span>
    );
  }
  return <span className="ui-figure">{formatPoints(value)}</span>;
}
