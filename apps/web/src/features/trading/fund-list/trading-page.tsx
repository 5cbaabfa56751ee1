import { PageHeading } from '../../../components/page-heading/page-heading';
import { useAccountRole } from '../../../lib/auth/use-account-role';
import type { PageModule } from '../../../lib/routing/page-module';
import { TradingFunds } from './components/trading-funds';
import { TradingPlans } from './components/trading-plans';
import { TradingRoleNote } from '../shared/components/trading-role-note';
import './trading-list.css';

/**
 * 取引 (spec §2 /trading, issue 15): the funds with their latest 基準価額, risk, NISA 枠, fees and sales
 * status; a fund opens to its chart, prospectus and the ways to buy, set up 積立 or sell; below, the
 * customer's 積立, 定期売却 and 毎月の入金, each linking to where it is managed.
 */
export function TradingPage() {
  const role = useAccountRole();
  return (
    <div className="trading">
      <PageHeading title="取引" />
      <TradingRoleNote accountRole={role} />
      <TradingFunds accountRole={role} />
      <TradingPlans accountRole={role} />
    </div>
  );
}

export const tradingPage: PageModule = { Component: TradingPage };
