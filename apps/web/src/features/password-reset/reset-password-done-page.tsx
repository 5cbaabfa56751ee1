import { PageHeading } from '../../components/page-heading/page-heading';

export function ResetPasswordDonePage() {
  return <PageHeading title="パスワードの再設定が完了しました" />;
}
