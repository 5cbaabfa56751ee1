import { LinkButton } from '../../components/button/link-button';
import { PageHeading } from '../../components/page-heading/page-heading';
import './system-pages.css';

/** Shown for an unknown path, a page whose validation failed, and any unexpected error (spec §2, §8). */
export function NotFoundPage() {
  return (
    <div className="system-page">
      <PageHeading title="ページが見つかりません" />
      <p>お探しのページは一時的にアクセスできない状況にあるか、移動もしくは削除された可能性があります。</p>
      <div className="system-page__actions">
        <LinkButton to="/" bold>
          トップページへ
        </LinkButton>
      </div>
    </div>
  );
}
