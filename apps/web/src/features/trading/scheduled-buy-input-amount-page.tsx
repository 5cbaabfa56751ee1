import { PageHeading } from '../../components/page-heading/page-heading';

export function ScheduledBuyInputAmountPage() {
  return <PageHeading title="積立金額の入力" />;
}
