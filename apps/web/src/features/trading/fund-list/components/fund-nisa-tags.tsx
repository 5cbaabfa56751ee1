import type { FundSummary } from '@fund/contracts';
import { Badge } from '../../../../components/ui';

/** Which NISA 枠 the fund may be bought in; a fund outside both says so. */
export function FundNisaTags({ nisa }: { readonly nisa: FundSummary['nisa'] }) {
  if (!nisa.tsumitate && !nisa.growth) return <Badge tone="neutral">NISA対象外</Badge>;
  return (
    <span className="fund-nisa-tags">
      {nisa.tsumitate ? <Badge tone="info">つみたて投資枠 対象</Badge> : null}
      {nisa.growth ? <Badge tone="info">成長投資枠 対象</Badge> : null}
    </span>
  );
}
