import { PageHeading } from '../../components/page-heading/page-heading';
import './system-pages.css';

/** Shown while the app is leaving for another site (spec §2); it has no button on purpose. */
export function RedirectPage() {
  return (
    <div className="system-page">
      <PageHeading title="リダイレクトしています" />
      <p>リダイレクト中です。画面はそのままでお待ちください。</p>
    </div>
  );
}
