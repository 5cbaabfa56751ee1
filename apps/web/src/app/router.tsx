import { createBrowserRouter } from 'react-router';
import { createRoutes } from './routes';

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}
