import { PageHeading } from '../../components/page-heading/page-heading';

export function SaisonConnectErrorPage() {
  return <PageHeading title="連携できませんでした" />;
}
