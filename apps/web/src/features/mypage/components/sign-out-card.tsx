import { useId, useState } from 'react';
import { Button } from '../../../components/button/button';
import { ExternalLink } from '../../../components/external-link/external-link';
import { Card } from '../../../components/ui';
import { env } from '../../../config/env';
import { signOut } from '../../../lib/auth/sign-out';
import { useReadOnly } from '../../../lib/read-only/read-only';
import { identityAccountPages } from '../identity-security-pages';

type Running = 'this-device' | 'everywhere' | null;

/**
 * ログアウト: this device, or, where global sign-out is on (VITE_GLOBAL_SIGN_OUT: the token then carries
 * user.session.revoke.self, spec §6), every device at once (spec §7 global sign-out). Without it, other
 * devices are signed out one by one on the identity service's page. Not on read-only screens: an operator
 * viewing the customer's page has no customer session to end, and sign-out would clear the console's.
 */
export function SignOutCard() {
  const [running, setRunning] = useState<Running>(null);
  const everywhereNoteId = useId();
  const readOnly = useReadOnly();
  if (readOnly) return null;
  const run = (which: Exclude<Running, null>) => {
    setRunning(which);
    void signOut({ everywhere: which === 'everywhere' });
  };
  return (
    <Card title="ログアウト" className="mypage-sign-out">
      {env.globalSignOut ? (
        <>
          <Button
            variant="outline"
            className="mypage-button"
            loading={running === 'this-device'}
            disabled={running === 'everywhere'}
            onClick={() => run('this-device')}
          >
            この端末からログアウト
          </Button>
          <Button
            variant="danger"
            className="mypage-button"
            loading={running === 'everywhere'}
            disabled={running === 'this-device'}
            aria-describedby={everywhereNoteId}
            onClick={() => run('everywhere')}
          >
            すべての端末からログアウト
          </Button>
          <p id={everywhereNoteId} className="mypage-note">
            ほかのスマートフォンやパソコン、アプリでのログインもすべて終了します。身に覚えのないログインがあったときにご利用ください。
          </p>
        </>
      ) : (
        <>
          <Button
            variant="outline"
            className="mypage-button"
            loading={running !== null}
            onClick={() => run('this-device')}
          >
            ログアウト
          </Button>
          <p className="mypage-note">
            ほかの端末でのログインは、
            <ExternalLink href={identityAccountPages.home}>ログイン中の端末の管理</ExternalLink>
            から終了できます。
          </p>
        </>
      )}
    </Card>
  );
}
