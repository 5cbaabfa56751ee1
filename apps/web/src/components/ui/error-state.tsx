import { Button } from '../button/button';

export interface ErrorStateProps {
  /** What could not be shown, e.g. 「資産状況」. */
  readonly what: string;
  readonly onRetry: () => void;
  /** A retry is running. */
  readonly retrying?: boolean;
}

/**
 * A part of a screen whose call failed: it says what is missing and offers a retry; the rest of the screen
 * keeps working. (The call's own message was already given by the API client's toast, spec §8.)
 */
export function ErrorState({ what, onRetry, retrying = false }: ErrorStateProps) {
  return (
    <div className="ui-error-state" role="alert">
      <p className="ui-error-state__title">{what}を表示できませんでした。</p>
      <p className="ui-error-state__text">通信状況をご確認のうえ、もう一度お試しください。</p>
      <Button variant="outline" loading={retrying} onClick={onRetry}>
        再読み込み
      </Button>
    </div>
  );
}
