import './config/zod-jitless';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { env } from './config/env';
import { startErrorReporting } from './lib/error-reporting/start-error-reporting';
import { createQueryClient } from './lib/query/query-client';

// first, so that an error while the app starts is reported too (off unless a DSN is configured; the
// reporter's code loads on demand and is handed what happened meanwhile)
void startErrorReporting(env.errorReportingDsn);

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
createRoot(container).render(
  <StrictMode>
    <App router={createAppRouter(queryClient)} queryClient={queryClient} />
  </StrictMode>,
);
