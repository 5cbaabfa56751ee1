import { PageHeading } from '../../components/page-heading/page-heading';

export function MonthlyDepositPage() {
  return <PageHeading title="毎月の入金" />;
}
