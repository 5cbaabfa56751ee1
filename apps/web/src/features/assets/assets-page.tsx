import { PageHeading } from '../../components/page-heading/page-heading';

export function AssetsPage() {
  return <PageHeading title="資産状況" />;
}
