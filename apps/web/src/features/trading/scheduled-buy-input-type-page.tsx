import { PageHeading } from '../../components/page-heading/page-heading';

export function ScheduledBuyInputTypePage() {
  return <PageHeading title="積立方法の選択" />;
}
