import { PageHeading } from '../../components/page-heading/page-heading';

export function NisaBalancePage() {
  return <PageHeading title="NISA口座の残高" />;
}
