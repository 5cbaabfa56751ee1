import { regularMaintenanceWindows } from '@fund/domain';
import { useId } from 'react';
import { Button } from '../../components/button/button';
import { LinkButton } from '../../components/button/link-button';
import { ExternalLink } from '../../components/external-link/external-link';
import { PageHeading } from '../../components/page-heading/page-heading';
import { env } from '../../config/env';
import { formatClockTime, jstYear } from '../../lib/format/jst';
import { reloadPage } from '../../lib/navigation/external';
import './system-pages.css';

/**
 * The regular windows come from the domain package, which the server uses for its 503 answers, so the
 * printed times cannot drift from the real ones. Spec §2 says the end may vary for the window of
 * weekdays, Saturdays and holidays (not for Sundays).
 */
const regularWindows = regularMaintenanceWindows.map((window) => ({
  label: window.label,
  hours: `${formatClockTime(window.start)}〜${formatClockTime(window.end)}${
    (window.days as readonly string[]).includes('weekday') ? '（終了時刻は前後する場合があります）' : ''
  }`,
}));

/** Shown for the maintenance marker error (spec §2, §8). */
export function MaintenancePage() {
  const windowsTitleId = useId();
  const year = jstYear(new Date());
  return (
    <div className="system-page">
      <PageHeading title="ただいまメンテナンス中です" documentTitle="現在メンテナンス中です" />
      <p className="system-page__notice">現在メンテナンス中です</p>
      <section className="system-page__section" aria-labelledby={windowsTitleId}>
        <h2 id={windowsTitleId}>定期メンテナンスの時間</h2>
        <dl className="maintenance-windows">
          {regularWindows.map(({ label, hours }) => (
            <div key={label} className="maintenance-windows__row">
              <dt>{label}</dt>
              <dd>{hours}</dd>
            </div>
          ))}
        </dl>
        <p>
          メンテナンス時間を変更しました。詳しくは
          <ExternalLink href={env.maintenanceHoursNewsUrl}>
            メンテナンス時間の変更についてのお知らせ
          </ExternalLink>
          をご覧ください。
        </p>
      </section>
      <div className="system-page__actions">
        <LinkButton
          href={env.maintenanceNewsUrlTemplate.replaceAll('{year}', String(year))}
          variant="outline"
        >
          {year}年のシステムメンテナンスのお知らせ
        </LinkButton>
        <Button bold onClick={reloadPage}>
          画面を再読み込みする
        </Button>
      </div>
    </div>
  );
}
