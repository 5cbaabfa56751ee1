import { PageHeading } from '../../components/page-heading/page-heading';

export function ResetPasswordPage() {
  return <PageHeading title="パスワードの再設定" />;
}
