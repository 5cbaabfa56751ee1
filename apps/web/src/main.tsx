import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createAppRouter } from './app/router';
import { env } from './config/env';
import { initErrorReporting } from './lib/error-reporting/error-reporting';
import { createQueryClient } from './lib/query/query-client';

// first, so that an error while the app starts is reported too (off unless a DSN is configured)
initErrorReporting({ dsn: env.errorReportingDsn });

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App router={createAppRouter()} queryClient={createQueryClient()} />
  </StrictMode>,
);
