import { PageHeading } from '../../components/page-heading/page-heading';

export function NewCustomerPage() {
  return <PageHeading title="口座開設のお申し込み" />;
}
