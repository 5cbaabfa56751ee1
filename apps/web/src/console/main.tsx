import '../config/zod-jitless';
import '../styles/global.css';
import './console.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { setActedForCustomer } from '../lib/api/act-as';
import { setAccessTokenSource } from '../lib/api/services';
import { createQueryClient } from '../lib/query/query-client';
import { createActingRouter } from './acting/acting-app';
import {
  completeOperatorSignIn,
  getOperatorAccessToken,
  isOperatorSignInReturn,
  startOperatorSignIn,
} from './auth/operator-session';
import { readOperatorTokens } from './auth/operator-token-store';
import { SignedOutScreen } from './auth/signed-out-screen';
import { createConsoleRouter } from './console-app';
import { actingBaasIdOf } from './console-paths';

// The admin build (decision 024): the operator console. It signs the operator in through /oidc-admin,
// then shows either the console's own screens or, below /admin/customers/<baasId>, the customer's screens
// read-only with the customer named in the user-id header of every call (spec §6).

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no #root element');
const root = createRoot(container);
const render = (node: ReactNode) => root.render(<StrictMode>{node}</StrictMode>);

async function start(): Promise<void> {
  const url = new URL(window.location.href);
  if (isOperatorSignInReturn(url)) {
    await completeOperatorSignIn(url);
    return;
  }
  if (readOperatorTokens() === null) {
    if (url.searchParams.get('signedOut') === '1') render(<SignedOutScreen />);
    else await startOperatorSignIn();
    return;
  }
  // the customer's screens call their services with the operator's token and the act-as header
  setAccessTokenSource(getOperatorAccessToken);
  const queryClient = createQueryClient();
  const baasId = actingBaasIdOf(url.pathname);
  setActedForCustomer(baasId);
  const router = baasId === undefined ? createConsoleRouter() : createActingRouter(queryClient, baasId);
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

void start();
