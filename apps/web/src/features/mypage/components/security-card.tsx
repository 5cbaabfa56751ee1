import type { LoginAttempts, UserSessions } from '@fund/contracts';
import { formatJapaneseDateTime } from '@fund/domain';
import { ExternalLink } from '../../../components/external-link/external-link';
import { Badge, Card, List, ListRow, Skeleton } from '../../../components/ui';
import { useReadOnly } from '../../../lib/read-only/read-only';
import { apiErrorCodeOf } from '../api/api-error-code';
import { useLastLogIn } from '../../../lib/auth/last-log-in';
import { useLoginAttempts } from '../api/get-login-attempts';
import { useUserSessions } from '../api/get-user-sessions';
import { summariseUserAgent } from '../device-summary';
import { identityAccountPages } from '../identity-security-pages';
import { UnavailableNote } from './unavailable-note';

/** GET lastLogIn's pass-through code (spec §8): no earlier sign-in on record. */
const noLastLogIn = '400-000';
/** Sign-ins the page lists; the full history is on the identity service's page. */
const attemptsShown = 5;

const clientNames: Readonly<Record<string, string>> = {
  'fund-web': '投資信託 オンラインサービス（Web）',
  'fund-device': '投資信託 端末アプリ',
  'fund-account': 'お客さま情報・セキュリティ設定',
};

type Outcome = LoginAttempts['attempts'][number]['outcome'];

const outcomeLabels: Readonly<Record<Outcome, string>> = {
  succeeded: '成功',
  wrong_password: '失敗（パスワード誤り）',
  unknown_account: '失敗',
  refused_locked: '失敗（ロック中）',
  locked_now: '失敗（ロックされました）',
};

function dateTimeOrDash(instant: string | null): string {
  return instant === null ? '―' : formatJapaneseDateTime(instant);
}

function LastSignIn() {
  const { data, error, isPending, isFetching, refetch } = useLastLogIn();
  let text: string;
  if (isPending) return <Skeleton label="前回のログイン" lines={1} />;
  if (apiErrorCodeOf(error) === noLastLogIn) text = '前回のログインの記録はありません。';
  else if (error !== null)
    return <UnavailableNote what="前回のログイン日時" retrying={isFetching} onRetry={() => void refetch()} />;
  else
    text =
      data.lastLogIn === null ? '今回が初めてのログインです。' : formatJapaneseDateTime(data.lastLogIn.at);
  return (
    <p className="mypage-last-sign-in">
      <span className="mypage-last-sign-in__term">前回のログイン</span>{' '}
      <span className="mypage-last-sign-in__value" data-testid="last-sign-in">
        {text}
      </span>
    </p>
  );
}

function SessionList({ sessions }: { readonly sessions: UserSessions['sessions'] }) {
  if (sessions.length === 0) return <p className="mypage-text">ログイン中の端末はありません。</p>;
  return (
    <List label="ログイン中の端末">
      {sessions.map((session) => (
        <ListRow
          key={session.id}
          title={clientNames[session.clientId] ?? session.clientId}
          subtitle={`ログイン ${dateTimeOrDash(session.createdAt)}／最終利用 ${dateTimeOrDash(session.lastUsedAt)}`}
        />
      ))}
    </List>
  );
}

function Sessions() {
  const { data, error, isPending, isFetching, refetch } = useUserSessions();
  return (
    <div className="mypage-security__part">
      <h3 className="mypage-subtitle">ログイン中の端末</h3>
      {isPending ? (
        <Skeleton label="ログイン中の端末" lines={2} />
      ) : error !== null ? (
        <UnavailableNote what="ログイン中の端末" retrying={isFetching} onRetry={() => void refetch()} />
      ) : (
        <SessionList sessions={data.sessions} />
      )}
    </div>
  );
}

function AttemptList({ attempts }: { readonly attempts: LoginAttempts['attempts'] }) {
  if (attempts.length === 0) return <p className="mypage-text">ログイン履歴はありません。</p>;
  return (
    <List label="最近のログイン履歴">
      {attempts.slice(0, attemptsShown).map((attempt) => (
        <ListRow
          key={`${attempt.occurredAt}-${attempt.outcome}`}
          title={formatJapaneseDateTime(attempt.occurredAt)}
          subtitle={summariseUserAgent(attempt.userAgent)}
          valueNote={
            <Badge tone={attempt.outcome === 'succeeded' ? 'neutral' : 'warning'}>
              {outcomeLabels[attempt.outcome]}
            </Badge>
          }
        />
      ))}
    </List>
  );
}

function SignInHistory() {
  const { data, error, isPending, isFetching, refetch } = useLoginAttempts();
  return (
    <div className="mypage-security__part">
      <h3 className="mypage-subtitle">最近のログイン履歴</h3>
      {isPending ? (
        <Skeleton label="ログイン履歴" lines={3} />
      ) : error !== null ? (
        <UnavailableNote what="ログイン履歴" retrying={isFetching} onRetry={() => void refetch()} />
      ) : (
        <AttemptList attempts={data.attempts} />
      )}
    </div>
  );
}

const settingLinks: readonly { readonly href: string; readonly label: string }[] = [
  { href: identityAccountPages.home, label: 'ログイン中の端末・ログイン履歴を管理する' },
  { href: identityAccountPages.password, label: 'パスワードを変更する' },
  { href: identityAccountPages.newPasskey, label: 'パスキーを登録する' },
  { href: identityAccountPages.totp, label: '認証アプリを設定する' },
  { href: identityAccountPages.emailOtp, label: 'メールによる確認コードを設定する' },
];

/**
 * ログインとセキュリティ: the last sign-in, the signed-in devices and recent sign-ins (the identity calls),
 * and the identity service's own pages for ending sessions, the password, passkeys and second factors.
 * On read-only screens: the last sign-in only, and the pages' links disabled.
 */
export function SecurityCard() {
  // an operator's view (decision 024): the identity service answers for the signed-in person only, and
  // asking it would send the console to the customer sign-in; its pages change settings
  const readOnly = useReadOnly();
  return (
    <Card title="ログインとセキュリティ" className="mypage-security">
      <LastSignIn />
      {readOnly ? (
        <p className="mypage-note">ログイン中の端末とログイン履歴は、代理閲覧では表示できません。</p>
      ) : (
        <>
          <Sessions />
          <SignInHistory />
        </>
      )}
      <div className="mypage-security__part">
        <h3 className="mypage-subtitle">設定・変更</h3>
        <p className="mypage-note">
          「お客さま情報・セキュリティ設定」の画面が新しいタブで開きます。変更には現在のパスワードが必要です。
        </p>
        <ul className="mypage-links">
          {settingLinks.map((link) => (
            <li key={link.href}>
              <ExternalLink className="mypage-link" href={link.href} writes>
                {link.label}
              </ExternalLink>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
