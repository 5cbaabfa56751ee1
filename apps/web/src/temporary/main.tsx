import '../config/zod-jitless';
import '../styles/global.css';
import './temporary.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { tryGetValidAccessToken } from '../lib/auth/access-token';
import { startSignIn } from '../lib/auth/sign-in';
import { createQueryClient } from '../lib/query/query-client';
import { ToastHost } from '../components/toast/toast-host';
import { webBuildVariants } from '@fund/contracts/paths';
import { ChildAccountPage } from './child-account-page';

// The temporary build (decision 024): one screen, the child account's onboarding, for a parent signed in
// to the customer app (the same stored session). Without a session the customer sign-in comes first and
// brings the parent back here.

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (container === null) throw new Error('index.html has no #root element');
  if ((await tryGetValidAccessToken()) === null) {
    await startSignIn({ returnTo: webBuildVariants.temporary.path });
    return;
  }
  const queryClient = createQueryClient();
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <ChildAccountPage />
        <ToastHost />
      </QueryClientProvider>
    </StrictMode>,
  );
}

void start();
