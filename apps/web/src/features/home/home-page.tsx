import { PageHeading } from '../../components/page-heading/page-heading';
import { useAccountRole } from '../../lib/auth/use-account-role';
import type { PageModule } from '../../lib/routing/page-module';
import { NoticesCard } from './components/notices-card';
import { OrdersCard } from './components/orders-card';
import { PlansCard } from './components/plans-card';
import { PointCard } from './components/point-card';
import { JuniorNisaNote, Shortcuts } from './components/shortcuts';
import { TotalAssetsCard } from './components/total-assets-card';
import './home.css';

/**
 * ホーム (spec §2 /): the customer's money at one glance — 総資産, points, notices, 積立, orders in
 * progress — and the shortcuts to what they do next. Each card loads, fails and retries on its own.
 */
export function HomePage() {
  const role = useAccountRole();
  const juniorNisa = role === 'JUNIOR_NISA';
  return (
    <div className="home">
      <PageHeading title="ホーム" />
      <TotalAssetsCard />
      <Shortcuts role={role} />
      {juniorNisa ? <JuniorNisaNote /> : null}
      <OrdersCard />
      <PlansCard canStart={!juniorNisa && role !== null} />
      <PointCard />
      <NoticesCard />
    </div>
  );
}

export const homePage: PageModule = { Component: HomePage };
