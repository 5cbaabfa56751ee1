import { PageHeading } from '../../components/page-heading/page-heading';

export function CashflowsPage() {
  return <PageHeading title="入出金" />;
}
