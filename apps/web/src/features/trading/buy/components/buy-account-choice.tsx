import type { AccountRoleType, FundDetail } from '@fund/contracts';
import { formatYen } from '@fund/domain';
import { Link } from 'react-router';
import { RadioGroup, type RadioOption } from '../../../../components/ui';
import { noNisaAccount, useBuyNisaRoom } from '../api/get-buy-nisa-room';
import type { SpotBuyAccount } from '../buy-draft';
import { accountLabels } from '../buy-messages';

/** The accounts a role may buy in (decision 012 "Roles"; JUNIOR_NISA buys nothing and never gets here). */
export function accountsFor(role: AccountRoleType | null): readonly SpotBuyAccount[] {
  if (role === 'CORPORATION') return ['general'];
  if (role === 'CHILD') return ['specific'];
  return ['specific', 'general', 'nisa2_growth'];
}

const taxableDescriptions: Record<Exclude<SpotBuyAccount, 'nisa2_growth'>, string> = {
  specific: '売却益の税金は源泉徴収されます（確定申告は原則不要）',
  general: '売却益はご自身で確定申告します',
};

/** The NISA option's line: the 成長投資枠 room of the 受渡日 year, or why it cannot be chosen. */
function useNisaOption(
  fund: FundDetail['fund'],
  settlementYear: number | null,
  enabled: boolean,
): Pick<RadioOption<SpotBuyAccount>, 'description' | 'disabled'> {
  const room = useBuyNisaRoom(settlementYear ?? 'current', enabled);
  if (!fund.nisa.growth) return { description: 'このファンドは成長投資枠の対象外です', disabled: true };
  if (room.isPending) return { description: '投資枠の残りを確認しています' };
  if (room.isError) return { description: '投資枠の残りを表示できませんでした（ご注文時に確認します）' };
  if (room.data === noNisaAccount)
    return { description: 'NISA口座をお持ちでないため、お選びいただけません', disabled: true };
  const { year, growth, lifetime } = room.data;
  return {
    description: (
      <span data-testid="nisa-room">
        {year}年（受渡日の年）の成長投資枠の残り {formatYen(growth.remaining)}
        <br />
        生涯の非課税限度額の残り {formatYen(lifetime.remaining)}
      </span>
    ),
  };
}

export interface BuyAccountChoiceProps {
  readonly fund: FundDetail['fund'];
  readonly role: AccountRoleType | null;
  /** The 受渡日's year of the live estimate; the business clock's year until there is one. */
  readonly settlementYear: number | null;
  readonly value: SpotBuyAccount;
  readonly onChange: (account: SpotBuyAccount) => void;
  readonly error?: string;
}

/**
 * 口座区分 (domain.md §5, §6): 特定口座, 一般口座 or NISA 成長投資枠 with the room left for the year the
 * 受渡日 falls in. つみたて投資枠 takes recurring purchases only: the screen says so and offers 積立.
 */
export function BuyAccountChoice({
  fund,
  role,
  settlementYear,
  value,
  onChange,
  error,
}: BuyAccountChoiceProps) {
  const accounts = accountsFor(role);
  const nisa = useNisaOption(fund, settlementYear, accounts.includes('nisa2_growth'));
  const options = accounts.map((account): RadioOption<SpotBuyAccount> =>
    account === 'nisa2_growth'
      ? { value: account, label: accountLabels[account], ...nisa }
      : { value: account, label: accountLabels[account], description: taxableDescriptions[account] },
  );
  return (
    <>
      <RadioGroup legend="口座区分" options={options} value={value} onChange={onChange} error={error} />
      {role === 'CORPORATION' ? (
        <p className="buy-flow__note">
          法人口座のお取引は一般口座となります（特定口座・NISAはご利用いただけません）。
        </p>
      ) : role === 'CHILD' ? (
        <p className="buy-flow__note">
          未成年口座のお取引は特定口座となります（NISAは1月1日時点で18歳以上の方がご利用いただけます）。
        </p>
      ) : (
        <p className="buy-flow__note">
          NISAのつみたて投資枠は積立（定期購入）専用のため、スポット購入ではお選びいただけません。
          {fund.nisa.tsumitate ? (
            <>
              {' '}
              <Link to={`/trading/scheduledBuy/${fund.code}/inputType`}>積立を設定する</Link>
            </>
          ) : null}
        </p>
      )}
    </>
  );
}
