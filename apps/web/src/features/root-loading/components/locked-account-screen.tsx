import { CallCentre } from '../../../components/call-centre/call-centre';
import { PageHeading } from '../../../components/page-heading/page-heading';
import { readInquiryId } from '../../../lib/auth/session-user';
import { AccountScreen } from './account-screen';

/** Shown instead of every page when the trading system reports the account locked (spec §2, §8 400-100). */
export function LockedAccountScreen() {
  // the user name doubles as the inquiry ID of the support mail (spec §3), when the loading got that far
  const inquiryId = readInquiryId();
  return (
    <AccountScreen>
      <PageHeading title="アカウントロックされています" />
      <p className="account-screen__lead">
        お客さまの口座はアカウントロックされています。以下にお問い合わせください。
      </p>
      <CallCentre title="お問い合わせ先" showMail showBusinessHours inquiryId={inquiryId} />
    </AccountScreen>
  );
}
