import { PageHeading } from '../../components/page-heading/page-heading';

export function BuyConfirmPage() {
  return <PageHeading title="購入内容の確認" />;
}
