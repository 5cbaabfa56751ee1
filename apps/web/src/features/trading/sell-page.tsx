import { PageHeading } from '../../components/page-heading/page-heading';

export function SellPage() {
  return <PageHeading title="売却" />;
}
