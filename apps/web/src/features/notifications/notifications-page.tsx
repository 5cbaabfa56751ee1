import { PageHeading } from '../../components/page-heading/page-heading';

export function NotificationsPage() {
  return <PageHeading title="お知らせ" />;
}
