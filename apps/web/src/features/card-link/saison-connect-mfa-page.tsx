import { PageHeading } from '../../components/page-heading/page-heading';

export function SaisonConnectMfaPage() {
  return <PageHeading title="本人認証" />;
}
