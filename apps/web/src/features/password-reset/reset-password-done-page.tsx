import { useState } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../components/button/button';
import { PageHeading } from '../../components/page-heading/page-heading';
import { Card } from '../../components/ui';
import { startSignIn } from '../../lib/auth/sign-in';
import { readResetState } from '../../lib/navigation/reset-route-state';
import './password-reset.css';

/** /resetPassword/done: the new password is set; sign in with it (to the page the reset started from). */
export function ResetPasswordDonePage() {
  const location = useLocation();
  const { returnTo } = readResetState(location.state);
  const [leaving, setLeaving] = useState(false);
  const signIn = () => {
    setLeaving(true);
    startSignIn({ returnTo }).catch(() => setLeaving(false));
  };
  return (
    <div className="password-reset">
      <PageHeading title="パスワードの再設定が完了しました" />
      <Card>
        <p className="password-reset__text">
          新しいパスワードを設定しました。ほかの端末でのログインはすべて終了しています。新しいパスワードでログインしてください。
        </p>
        <p className="password-reset__note">
          お心当たりのない再設定のお知らせメールが届いた場合は、お客さま窓口までご連絡ください。
        </p>
        <Button width="100%" bold loading={leaving} onClick={signIn}>
          ログインする
        </Button>
      </Card>
    </div>
  );
}
