import { LinkButton } from '../../components/button/link-button';
import { PageHeading } from '../../components/page-heading/page-heading';
import { Card } from '../../components/ui';
import './card-link.css';

/** /saisonConnect/mfaError (spec §2): the issuer's multi-factor step was not passed; nothing was registered. */
export function SaisonConnectMfaErrorPage() {
  return (
    <>
      <PageHeading title="本人認証できませんでした" />
      <Card>
        <p className="card-link__text" role="alert">
          カード会社での本人認証が完了しなかったため、カードは登録されていません。お手数ですが、もう一度最初からお試しください。
        </p>
        <div className="card-link__actions">
          <LinkButton to="/saisonConnect" variant="primary">
            もう一度連携する
          </LinkButton>
          <LinkButton to="/" variant="outline">
            ホームへ戻る
          </LinkButton>
        </div>
      </Card>
    </>
  );
}
