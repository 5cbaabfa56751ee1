import { useQueries } from '@tanstack/react-query';
import { useEffect } from 'react';
import { informationBadgeQueryOptions } from '../../features/root-loading/api/get-information-badge';
import { informationOthersBadgeQueryOptions } from '../../features/root-loading/api/get-information-others-badge';
import { useUiStore } from '../../lib/store/ui-store';

/**
 * The customer's unread notices while acting (issue 25: the acting ホーム said 「未読のお知らせはありません。」
 * above notices marked 未読, the count never having been asked). The customer app's root loading asks the
 * two badges; the acting screens do not run it, so the shell asks them (read-only calls, audited like any
 * acting call) and keeps the count of the ui store, with the same rule: both failed, nothing claimed.
 */
export function useActingUnreadCount(enabled: boolean): void {
  const badges = useQueries({
    queries: [
      { ...informationBadgeQueryOptions(), enabled },
      { ...informationOthersBadgeQueryOptions(), enabled },
    ],
  });
  const counts = badges.flatMap((badge) =>
    badge.data === undefined ? [] : [badge.data.data.informations.unreadAll],
  );
  const total = counts.length === 0 ? null : counts.reduce((sum, count) => sum + count, 0);
  useEffect(() => {
    if (total !== null) useUiStore.getState().setUnreadInformationCount(total);
  }, [total]);
}
