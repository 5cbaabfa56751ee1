import { CallCentre } from '../../components/call-centre/call-centre';
import { PageHeading } from '../../components/page-heading/page-heading';
import type { PageModule } from '../../lib/routing/page-module';
import { BankAccountCard } from './components/bank-account-card';
import { CreditCardCard } from './components/credit-card-card';
import { DocumentsCard } from './components/documents-card';
import { NotificationCard } from './components/notification-card';
import { OperatorAccessCard } from './components/operator-access-card';
import { ProfileCard } from './components/profile-card';
import { SecurityCard } from './components/security-card';
import { SignOutCard } from './components/sign-out-card';
import './mypage.css';

/**
 * マイページ (spec §2 /mypage, issue 16 point 4): who the customer is, how they pay, their documents,
 * their sign-in security, what is mailed to them, how to reach support, and sign-out. Each block loads,
 * fails and retries on its own.
 */
export function MyPage() {
  return (
    <div className="mypage">
      <PageHeading title="マイページ" />
      <ProfileCard />
      <CreditCardCard />
      <BankAccountCard />
      <DocumentsCard />
      <SecurityCard />
      <OperatorAccessCard />
      <NotificationCard />
      <div className="mypage-support">
        <CallCentre title="お問い合わせ" showFax showBusinessHours showMail />
      </div>
      <SignOutCard />
    </div>
  );
}

export const myPage: PageModule = { Component: MyPage };
