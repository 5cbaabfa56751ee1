import { useSearchParams } from 'react-router';
import { LinkButton } from '../../components/button/link-button';
import { PageHeading } from '../../components/page-heading/page-heading';
import { Card } from '../../components/ui';
import type { CardLinkFailure } from './card-link-state';
import './card-link.css';

const messages: Readonly<Record<CardLinkFailure, string>> = {
  state:
    'カード会社のページからの戻り先を確認できなかったため、連携を中止しました。お手数ですが、もう一度最初からお試しください。',
  refused: 'カード会社のページで連携が許可されなかったため、カードは登録されていません。',
  maintenance:
    'カード会社のサービスがメンテナンス中のため、カードを連携できませんでした。時間をおいて再度お試しください。',
  failed: 'カードを連携できませんでした。お手数ですが、もう一度お試しください。',
};

function reasonOf(value: string | null): CardLinkFailure {
  return value !== null && value in messages ? (value as CardLinkFailure) : 'failed';
}

/** /saisonConnect/error (spec §2): the link stopped; why, and the way to start again. */
export function SaisonConnectErrorPage() {
  const [params] = useSearchParams();
  const reason = reasonOf(params.get('reason'));
  return (
    <>
      <PageHeading title="連携できませんでした" />
      <Card>
        <p className="card-link__text" role="alert">
          {messages[reason]}
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
