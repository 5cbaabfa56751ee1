import { CardLinkCallbackPath } from '@fund/contracts/paths';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../components/button/button';
import { LinkButton } from '../../components/button/link-button';
import { PageHeading } from '../../components/page-heading/page-heading';
import { Card, Skeleton } from '../../components/ui';
import { browserLocation } from '../../lib/navigation/browser-location';
import { postAuthorizationToken } from './api/card-link-calls';
import { failureOf } from './card-link-failure';
import { callbackUri, errorPath, startAuthorize, startMfa, takeAuthorizeState } from './card-link-state';
import { useRunOnce } from './use-run-once';
import './card-link.css';

const title = 'セゾンカードとの連携';

/** Before leaving for the card issuer: what linking does, and the way there. */
function LinkStart() {
  return (
    <Card title="クレジットカードを登録する">
      <p className="card-link__text">
        セゾンカードを登録すると、カードのご利用で貯まったポイントをスポット購入にご利用いただけます（200ポイントから100ポイント単位、100ポイント＝450円）。クレジットカードでの積立も、登録したカードでのお支払いになります。
      </p>
      <p className="card-link__text">
        「カード会社のページへ進む」を押すと、カード会社のページで連携の確認と本人認証を行います。
      </p>
      <div className="card-link__actions">
        <Button variant="primary" onClick={() => browserLocation.assign(startAuthorize())}>
          カード会社のページへ進む
        </Button>
        <LinkButton to="/" variant="outline">
          ホームへ戻る
        </LinkButton>
      </div>
    </Card>
  );
}

/**
 * The return from the issuer's authorize screen (`?code&state` or `?error&state`). A state this tab did not
 * send never reaches the server: the link stops on the error page. Otherwise the code is exchanged and the
 * customer goes on to the issuer's multi-factor step.
 */
function AuthorizeReturn({ params }: { readonly params: URLSearchParams }) {
  const navigate = useNavigate();
  useRunOnce(() => {
    const fail = (reason: Parameters<typeof errorPath>[0]) =>
      void navigate(errorPath(reason), { replace: true });
    if (!takeAuthorizeState(params.get('state'))) return fail('state');
    const error = params.get('error');
    const code = params.get('code');
    if (error !== null || code === null)
      return fail(error === 'temporarily_unavailable' ? 'maintenance' : 'refused');
    postAuthorizationToken(code, callbackUri(CardLinkCallbackPath.authorize)).then(
      ({ onetimeToken }) => browserLocation.replace(startMfa(onetimeToken)),
      (reason: unknown) => fail(failureOf(reason)),
    );
  });
  return (
    <div role="status">
      <p className="card-link__text">カード会社からの情報を確認しています。このままお待ちください。</p>
      <Skeleton label="確認中" lines={2} />
    </div>
  );
}

/** /saisonConnect (spec §2): starts the card link, and receives the card issuer's answer. */
export function SaisonConnectPage() {
  const [params] = useSearchParams();
  const returned = params.has('code') || params.has('error') || params.has('state');
  return (
    <>
      <PageHeading title={title} />
      {returned ? <AuthorizeReturn params={params} /> : <LinkStart />}
    </>
  );
}
