import { Button } from '../../../components/button/button';

/**
 * A block of my page whose call failed (no answer, a 404 while the service is not there yet, a 5xx): a
 * calm line in place, with a retry, and no toast; the other blocks keep working.
 */
export function UnavailableNote({
  what,
  onRetry,
  retrying = false,
}: {
  readonly what: string;
  readonly onRetry: () => void;
  readonly retrying?: boolean;
}) {
  return (
    <div className="mypage-unavailable" role="status">
      <p className="mypage-unavailable__text">
        {what}を取得できませんでした。時間をおいて再度お試しください。
      </p>
      <Button variant="text" loading={retrying} onClick={onRetry}>
        再読み込み
      </Button>
    </div>
  );
}
