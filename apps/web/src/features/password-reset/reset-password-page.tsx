import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PageHeading } from '../../components/page-heading/page-heading';
import { Card } from '../../components/ui';
import { ResetConfirmForm } from './components/reset-confirm-form';
import { ResetRequestForm, type ResetStarted } from './components/reset-request-form';
import { readResetState, type ResetRouteState } from '../../lib/navigation/reset-route-state';
import './password-reset.css';

/**
 * /resetPassword (spec §2, §4 "Reset password: then done page"): signed out, the page runs the identity
 * service's reset calls itself (spec §7 `password/forgot`, `password/confirm`; decision 020) in two
 * steps, then goes to /resetPassword/done.
 */
export function ResetPasswordPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { login, returnTo } = readResetState(location.state);
  const [started, setStarted] = useState<ResetStarted | null>(null);
  return (
    <div className="password-reset">
      <PageHeading title="パスワードの再設定" />
      <ol className="password-reset__steps" aria-label="手続きの流れ">
        <li aria-current={started === null ? 'step' : undefined}>確認コードの送信</li>
        <li aria-current={started === null ? undefined : 'step'}>新しいパスワードの設定</li>
      </ol>
      <Card>
        {started === null ? (
          <ResetRequestForm initialLogin={login} onStarted={setStarted} />
        ) : (
          <ResetConfirmForm
            started={started}
            onRestarted={setStarted}
            onStartOver={() => setStarted(null)}
            onDone={() =>
              void navigate('/resetPassword/done', {
                replace: true,
                state: { returnTo } satisfies ResetRouteState,
              })
            }
          />
        )}
      </Card>
    </div>
  );
}
