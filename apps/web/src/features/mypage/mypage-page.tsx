import { PageHeading } from '../../components/page-heading/page-heading';

export function MyPage() {
  return <PageHeading title="マイページ" />;
}
