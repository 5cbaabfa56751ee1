import { Link } from 'react-router';

/** What cannot be set up by 口座振替 without a registered bank account (decision 035). */
export type DebitedBy = 'recurring' | 'monthlyDeposit';

const what: Readonly<Record<DebitedBy, string>> = {
  recurring: '口座振替での積立',
  monthlyDeposit: '毎月の入金',
};

/**
 * The customer has no bank account for 口座振替 (400-666): said before submitting, as the server would
 * refuse it (400-227). Registering one is a paper form (weeks), so the note points to my page's how-to.
 */
export function BankAccountMissingNote({ debitedBy }: { readonly debitedBy: DebitedBy }) {
  return (
    <span className="ui-field__error" role="alert">
      口座振替の金融機関口座が登録されていないため、{what[debitedBy]}は設定できません。
      <Link to="/mypage">マイページ</Link>
      で口座振替のお申込み方法をご確認ください。
    </span>
  );
}
