import type { NisaStatusByYear } from '@fund/contracts';
import { formatYen } from '@fund/domain';
import { Link } from 'react-router';
import type { CardOnFile } from '../api/get-card-for-recurring-purchase';
import type { PlanAccountType } from '../scheduled-buy-rules';

/** Spec §5: points are for spot purchases only. */
export function RecurringPointsNote() {
  return (
    <p className="scheduled-buy__note">
      積立ではポイントはご利用いただけません。ポイントはスポット購入（今すぐ買う）でご利用いただけます。
    </p>
  );
}

/** Why the card choice is off, and how to register a card (spec §8 400-100). */
export function RecurringCardNote({ card }: { readonly card: CardOnFile }) {
  if (card === 'no-card') {
    return (
      <span>
        クレジットカードが登録されていません。
        <Link to="/saisonConnect">クレジットカードを登録する</Link>
        と、カードでの積立（月10万円まで）を選べます。
      </span>
    );
  }
  if (card === 'unknown') {
    return <span>カード会社のサービスがメンテナンス中のため、登録状況を確認できません。</span>;
  }
  return (
    <span>
      毎月のご利用額は翌月にカード会社からご請求されます（すべてのカード積立の合計で月10万円まで）。
    </span>
  );
}

/**
 * A NISA 積立 and its 枠 (domain.md §5): this year's room, and what happens when the plan reaches it — a
 * つみたて plan continues in 成長投資枠 (if room), then in the 特定口座; a 成長 plan goes to the taxable account.
 */
export function RecurringNisaNote({
  accountType,
  status,
}: {
  readonly accountType: PlanAccountType;
  readonly status: NisaStatusByYear | null | undefined;
}) {
  if (accountType !== 'nisa2_tsumitate' && accountType !== 'nisa2_growth') return null;
  const bucket = accountType === 'nisa2_tsumitate' ? status?.tsumitate : status?.growth;
  const name = accountType === 'nisa2_tsumitate' ? 'つみたて投資枠' : '成長投資枠';
  return (
    <div className="scheduled-buy__nisa" role="note" aria-label="NISAの投資枠">
      {status === undefined ? null : bucket === undefined ? (
        <p className="scheduled-buy__note">NISA口座の投資枠を確認できませんでした。</p>
      ) : (
        <p className="scheduled-buy__nisa-room">
          {status?.year}年の{name}の残り：{formatYen(bucket.remaining)}（年間{formatYen(bucket.annualLimit)}）
        </p>
      )}
      <p className="scheduled-buy__note">
        {accountType === 'nisa2_tsumitate'
          ? 'その年のつみたて投資枠を使い切ると、以降の積立は成長投資枠（残りがあれば）で、それも使い切ると特定口座（課税口座）で買い付けます。'
          : 'その年の成長投資枠を使い切ると、以降の積立は特定口座（課税口座）で買い付けます。'}
        投資枠は受渡日の年で使われ、毎年1月に新しい年の枠で再開します。
      </p>
    </div>
  );
}
