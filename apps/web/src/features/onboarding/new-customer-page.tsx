import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/button/button';
import { PageHeading } from '../../components/page-heading/page-heading';
import { Card } from '../../components/ui';
import { startSignIn } from '../../lib/auth/sign-in';
import { navigateTo } from '../../lib/navigation/navigate-to';
import { agencyBranchCodeOf, visitorAccountOpeningUrl } from './account-opening-hand-off';
import './onboarding.css';

const services = [
  '投資信託の購入・解約',
  '毎月の積立（口座振替・クレジットカード）',
  'NISA口座（つみたて投資枠・成長投資枠）のご利用状況の確認',
  '資産状況・入出金・取引履歴の確認',
] as const;

/**
 * /new (spec §2): the entry for a visitor without a sign-in (the route skips the sign-in check). What the
 * service is, the application on the account-opening site, and sign-in for those who have an account.
 */
export function NewCustomerPage() {
  const [search] = useSearchParams();
  const [leaving, setLeaving] = useState<'opening' | 'sign-in' | null>(null);
  const openAccount = () => {
    setLeaving('opening');
    // the site is configured and on the allow-list; a refusal leaves the customer on this page
    if (!navigateTo(visitorAccountOpeningUrl(agencyBranchCodeOf(search), window.location.origin))) {
      setLeaving(null);
    }
  };
  const signIn = () => {
    setLeaving('sign-in');
    startSignIn({ returnTo: '/' }).catch(() => setLeaving(null));
  };
  return (
    <div className="onboarding">
      <PageHeading title="口座開設のお申し込み" />
      <Card title="投資信託 オンラインサービスとは">
        <p className="onboarding__text">
          スマートフォンから投資信託のお取引と資産の確認ができるサービスです。口座をお持ちの方は、次のことがご利用いただけます。
        </p>
        <ul className="onboarding__list">
          {services.map((service) => (
            <li key={service}>{service}</li>
          ))}
        </ul>
      </Card>
      <Card title="はじめての方">
        <p className="onboarding__text">
          口座開設のお申し込みは、口座開設サイトで受け付けています。お申し込みの途中でログイン用のパスワードを登録していただきます。
        </p>
        <p className="onboarding__note">口座開設サイト（別のサイト）に移動します。</p>
        <Button width="100%" bold loading={leaving === 'opening'} onClick={openAccount}>
          口座開設
        </Button>
      </Card>
      <Card title="口座をお持ちの方">
        <p className="onboarding__text">口座番号とパスワードでログインしてください。</p>
        <Button width="100%" variant="outline" loading={leaving === 'sign-in'} onClick={signIn}>
          ログイン
        </Button>
      </Card>
    </div>
  );
}
