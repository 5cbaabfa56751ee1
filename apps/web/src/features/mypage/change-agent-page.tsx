import { PageHeading } from '../../components/page-heading/page-heading';

export function ChangeAgentPage() {
  return <PageHeading title="代理人の変更" />;
}
