import { useId } from 'react';
import { Button } from '../../../components/button/button';
import { PageHeading } from '../../../components/page-heading/page-heading';
import { openExternalUrl } from '../../../lib/navigation/external';
import { useUiStore } from '../../../lib/store/ui-store';
import { useTradeReportUrl } from '../api/get-trade-report-url';
import { AccountScreen } from './account-screen';

export const TRADE_REPORT_NOT_OPENED_MESSAGE =
  '電子交付書面を開けませんでした。しばらく時間をおいて再度お試しください。';

/**
 * Shown instead of every page for a closed account (spec §2, §4 equity CLOSE). The customer can still
 * read the electronically delivered documents: the button asks for a fresh link and opens it in the
 * browser (in the native app, the device's browser).
 */
export function ClosedAccountScreen() {
  const { fetchUrl, pending } = useTradeReportUrl();
  const noteId = useId();

  const openTradeReport = async () => {
    const url = await fetchUrl();
    // a failed call has already shown its toast; a link the app may not open gets one here
    if (url !== undefined && !openExternalUrl(url)) {
      useUiStore.getState().showToast(TRADE_REPORT_NOT_OPENED_MESSAGE);
    }
  };

  return (
    <AccountScreen>
      <PageHeading title="口座は閉鎖されています" />
      <p className="account-screen__lead">
        お客さまの口座は閉鎖されています。電子交付書面は以下よりご覧ください。
      </p>
      <div className="account-screen__actions">
        <Button bold loading={pending} onClick={() => void openTradeReport()} aria-describedby={noteId}>
          電子交付書面を確認する
        </Button>
        <p id={noteId} className="account-screen__note">
          電子交付書面は別の画面（ブラウザ）で表示されます。
        </p>
      </div>
    </AccountScreen>
  );
}
