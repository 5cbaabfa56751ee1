import type { NisaStatusByYear } from '@fund/contracts';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading/page-heading';
import { ErrorState, Field, Select, Skeleton, type SelectOption } from '../../components/ui';
import { useAccountRole } from '../../lib/auth/use-account-role';
import type { PageModule } from '../../lib/routing/page-module';
import { noNisaAccount, useNisaStatusByYear } from './api/get-nisa-status-by-year';
import { NisaAnnualCard } from './components/nisa-annual-card';
import { NisaHoldingsCard } from './components/nisa-holdings-card';
import { NisaLifetimeCard } from './components/nisa-lifetime-card';
import {
  NisaChildNotice,
  NisaCorporationNotice,
  NisaJuniorNotice,
  NisaNoAccountNotice,
} from './components/nisa-notices';
import { NisaPlanner } from './components/nisa-planner';
import { firstNisaYear, requestedYear } from './nisa-year';
import './nisa-balance.css';

function YearSelect({ thisYear, shown }: { readonly thisYear: number; readonly shown: number }) {
  const [, setParams] = useSearchParams();
  const options: SelectOption[] = [];
  for (let year = thisYear; year >= firstNisaYear; year -= 1)
    options.push({ value: String(year), label: year === thisYear ? `${year}年（今年）` : `${year}年` });
  return (
    <div className="nisa-year-select">
      <Field label="表示する年">
        {(control) => (
          <Select
            {...control}
            options={options}
            value={String(shown)}
            onChange={(event) => {
              const year = Number(event.target.value);
              setParams(year === thisYear ? {} : { year: String(year) }, { replace: true });
            }}
          />
        )}
      </Field>
    </div>
  );
}

/** The cards of one year: its annual 枠 and the lifetime use as of that year. */
function YearCards({ thisYear, shown }: { readonly thisYear: NisaStatusByYear; readonly shown: number }) {
  const past = useNisaStatusByYear(shown === thisYear.year ? undefined : shown);
  const status = shown === thisYear.year ? thisYear : past.data;
  if (status === undefined || status === noNisaAccount) {
    if (past.isError)
      return (
        <ErrorState
          what={`${shown}年のNISAの利用状況`}
          onRetry={() => void past.refetch()}
          retrying={past.isFetching}
        />
      );
    return <Skeleton label={`${shown}年のNISAの利用状況`} lines={8} />;
  }
  return (
    <>
      <NisaAnnualCard status={status} isThisYear={status.year === thisYear.year} />
      <NisaLifetimeCard status={status} />
    </>
  );
}

/** An adult (or a customer whose role could not be loaded): their NISA use, if they have a NISA account. */
function NisaStatus() {
  const [params] = useSearchParams();
  const current = useNisaStatusByYear('current');
  if (current.isPending) return <Skeleton label="NISAの利用状況" lines={8} />;
  if (current.isError)
    return (
      <ErrorState
        what="NISAの利用状況"
        onRetry={() => void current.refetch()}
        retrying={current.isFetching}
      />
    );
  if (current.data === noNisaAccount) return <NisaNoAccountNotice />;
  const thisYear = current.data;
  const asked = requestedYear(params.get('year'));
  const shown = asked !== undefined && asked < thisYear.year ? asked : thisYear.year;
  return (
    <>
      <NisaPlanner thisYear={thisYear} />
      <YearSelect thisYear={thisYear.year} shown={shown} />
      <YearCards thisYear={thisYear} shown={shown} />
      <NisaHoldingsCard offerPurchase />
    </>
  );
}

/**
 * NISA口座の残高 (spec §2 /assets/nisaBalance, issue 14 points 5 and 7): this year's つみたて and 成長 use
 * and room, the lifetime use by 簿価, the planner for this year and January, and the NISA holdings.
 * Corporate and child accounts get an explanation instead; junior NISA its own rules and holdings.
 */
export function NisaBalancePage() {
  const role = useAccountRole();
  return (
    <div className="nisa-balance">
      <PageHeading title="NISA口座の残高" />
      {role === 'CORPORATION' ? (
        <NisaCorporationNotice />
      ) : role === 'CHILD' ? (
        <NisaChildNotice />
      ) : role === 'JUNIOR_NISA' ? (
        <>
          <NisaJuniorNotice />
          <NisaHoldingsCard offerPurchase={false} />
        </>
      ) : (
        <NisaStatus />
      )}
    </div>
  );
}

export const nisaBalancePage: PageModule = { Component: NisaBalancePage };
