import { Link } from 'react-router';
import { ExternalLink } from '../../../components/external-link/external-link';
import { Card, Skeleton } from '../../../components/ui';
import { useReadOnly } from '../../../lib/read-only/read-only';
import { useUserProfile } from '../api/get-user-profile';
import { identityAccountPages } from '../identity-security-pages';
import { UnavailableNote } from './unavailable-note';

/**
 * The mails the service sends today (apps/server mail-templates: the identity service's security mails).
 * All of them protect the account, so none can be turned off: the block says so instead of showing a
 * toggle that would change nothing.
 */
const mailedNotices: readonly string[] = [
  'ログインのお知らせ（ログインのたび）',
  '確認コード（ログイン・ご登録情報の変更のとき）',
  'アカウントロックのお知らせ',
  'ご登録情報変更のお知らせ（パスワード・メールアドレス・2段階認証・パスキー）',
];

function MailAddress() {
  const { data, error, isPending, isFetching, refetch } = useUserProfile();
  if (isPending) return <Skeleton label="メールアドレス" lines={1} />;
  if (error !== null)
    return <UnavailableNote what="メールアドレス" retrying={isFetching} onRetry={() => void refetch()} />;
  return (
    <p className="mypage-mail-address">
      <span className="mypage-mail-address__term">送信先</span>{' '}
      <span className="mypage-mail-address__value" data-testid="mail-address">
        {data.email}
      </span>
    </p>
  );
}

/** メールでのお知らせ: where the service's mails go and which are sent (read-only: spec has no setting). */
export function NotificationCard() {
  // an operator's view (decision 024): the address is the identity service's, which answers for the
  // signed-in person only (and would send the console to the customer sign-in)
  const readOnly = useReadOnly();
  return (
    <Card title="メールでのお知らせ" className="mypage-notifications">
      {readOnly ? (
        <p className="mypage-note">送信先のメールアドレスは、代理閲覧では表示できません。</p>
      ) : (
        <MailAddress />
      )}
      <p className="mypage-text">
        次のメールをお送りしています。お客さまの口座を守るためのお知らせのため、停止することはできません。
      </p>
      <ul className="mypage-bullets">
        {mailedNotices.map((notice) => (
          <li key={notice}>{notice}</li>
        ))}
      </ul>
      <p className="mypage-text">
        お取引やお手続きについてのご案内は、<Link to="/notifications">お知らせ</Link>でご確認ください。
      </p>
      <p className="mypage-note">
        <ExternalLink className="mypage-link" href={identityAccountPages.email} writes>
          メールアドレスを変更する
        </ExternalLink>
      </p>
    </Card>
  );
}
