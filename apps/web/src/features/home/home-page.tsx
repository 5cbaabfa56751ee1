import { PageHeading } from '../../components/page-heading/page-heading';

export function HomePage() {
  return <PageHeading title="ホーム" />;
}
