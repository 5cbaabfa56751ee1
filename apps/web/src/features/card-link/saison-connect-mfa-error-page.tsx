import { PageHeading } from '../../components/page-heading/page-heading';

export function SaisonConnectMfaErrorPage() {
  return <PageHeading title="本人認証できませんでした" />;
}
