import { PageHeading } from '../../components/page-heading/page-heading';

export function TradingPage() {
  return <PageHeading title="取引" />;
}
