import { Button } from '../../../../components/button/button';
import { Card } from '../../../../components/ui';
import { startSignIn } from '../../../../lib/auth/sign-in';

/**
 * /trading/monthlyDeposit skips the sign-in check (spec §2), so a visitor may not be signed in: what
 * 毎月の入金 is and a way to sign in and come back here, never any customer data (decision 015).
 */
export function MonthlyDepositSignedOut() {
  return (
    <Card title="毎月の入金とは">
      <p className="scheduled-buy__note">
        毎月決まった日に、ご登録の銀行口座から決まった金額を引き落として、お預り金に入金するサービスです。入金日は毎月1日〜28日から選べます（金融機関の休業日の場合は翌営業日）。
      </p>
      <p className="scheduled-buy__note">設定の確認・変更には、ログインが必要です。</p>
      <Button width="100%" onClick={() => void startSignIn({ returnTo: '/trading/monthlyDeposit' })}>
        ログインして設定する
      </Button>
    </Card>
  );
}
