import type { RequestHandler } from 'msw';
import { agentHandlers } from './agent-handlers';
import { assetsHandlers } from './assets-handlers';
import { buyHandlers } from './buy-handlers';
import { historyHandlers } from './history-handlers';
import { homeHandlers } from './home-handlers';
import { mypageHandlers } from './mypage-handlers';
import { nisaHandlers } from './nisa-handlers';
import { operatorAccessHandlers } from './operator-access-handlers';
import { notificationsHandlers } from './notifications-handlers';
import { plansHandlers } from './plans-handlers';
import { rootLoadingHandlers } from './root-loading-handlers';
import { tradingListHandlers } from './trading-list-handlers';
import { sellHandlers } from './sell-handlers';

/** What the API answers in every web test unless the test says otherwise: one list per feature. */
export const defaultHandlers: RequestHandler[] = [
  ...rootLoadingHandlers,
  ...notificationsHandlers,
  ...homeHandlers,
  ...assetsHandlers,
  ...nisaHandlers,
  ...historyHandlers,
  ...tradingListHandlers,
  ...buyHandlers,
  ...sellHandlers,
  ...plansHandlers,
  ...mypageHandlers,
  ...agentHandlers,
  ...operatorAccessHandlers,
];
