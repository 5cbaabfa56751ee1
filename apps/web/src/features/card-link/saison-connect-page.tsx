import { PageHeading } from '../../components/page-heading/page-heading';

export function SaisonConnectPage() {
  return <PageHeading title="セゾンカードとの連携" />;
}
