import './config/zod-jitless';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { env } from './config/env';
import { discardFirstScreenResponses } from './lib/api/first-screen-responses';
import { startErrorReporting } from './lib/error-reporting/start-error-reporting';
import { createQueryClient } from './lib/query/query-client';
import { afterFirstScreen } from './lib/scheduling/after-first-screen';

// first, so that an error while the app starts is reported too (off unless a DSN is configured; the
// reporter's code loads on demand and is handed what happened meanwhile)
void startErrorReporting(env.errorReportingDsn);

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

// the first screen's early answers (decision 030) are for that screen only
afterFirstScreen(discardFirstScreenResponses);

const queryClient = createQueryClient();
createRoot(container).render(
  <StrictMode>
    <App router={createAppRouter(queryClient)} queryClient={queryClient} />
  </StrictMode>,
);
