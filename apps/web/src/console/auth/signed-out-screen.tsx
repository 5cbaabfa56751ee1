import { Button } from '../../components/button/button';
import { useDocumentTitle } from '../../lib/dom/use-document-title';
import { startOperatorSignIn } from './operator-session';
import { consoleBasename } from '../console-paths';

/** After sign-out: says so, and signs in again only when asked (not at once, as a fresh visit does). */
export function SignedOutScreen() {
  useDocumentTitle('ログアウトしました');
  return (
    <main className="console-main console-signed-out">
      <h1 className="page-heading">ログアウトしました</h1>
      <p>オペレーターコンソールからログアウトしました。</p>
      <Button onClick={() => void startOperatorSignIn(`${consoleBasename}/`)}>ログインする</Button>
    </main>
  );
}
