import { operatorLoginId } from '../auth/operator-token-store';
import { signOutOperator } from '../auth/operator-session';
import { consoleBasename, ConsolePage } from '../console-paths';
import { Button } from '../../components/button/button';

/**
 * The console's header on every screen: the operator signed in, the console's two screens and sign-out.
 * Plain links: the acting screens are a router of their own (decision 024), so each move is a page load.
 */
export function ConsoleHeader({ current }: { readonly current?: 'search' | 'audit' }) {
  const loginId = operatorLoginId();
  return (
    <header className="console-header">
      <p className="console-header__title">オペレーターコンソール</p>
      <nav aria-label="コンソールのメニュー" className="console-header__nav">
        <a
          href={`${consoleBasename}${ConsolePage.search}`}
          aria-current={current === 'search' ? 'page' : undefined}
        >
          お客さま検索
        </a>
        <a
          href={`${consoleBasename}${ConsolePage.auditTrail}`}
          aria-current={current === 'audit' ? 'page' : undefined}
        >
          操作履歴
        </a>
      </nav>
      <div className="console-header__operator">
        {loginId === null ? null : <span>ログイン中：{loginId}</span>}
        <Button variant="outline" onClick={() => void signOutOperator()}>
          ログアウト
        </Button>
      </div>
    </header>
  );
}
