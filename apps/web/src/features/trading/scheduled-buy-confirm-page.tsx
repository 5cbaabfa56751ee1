import { PageHeading } from '../../components/page-heading/page-heading';

export function ScheduledBuyConfirmPage() {
  return <PageHeading title="積立内容の確認" />;
}
