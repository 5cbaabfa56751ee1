import { PageHeading } from '../../components/page-heading/page-heading';

export function BuyInputPage() {
  return <PageHeading title="購入金額の入力" />;
}
