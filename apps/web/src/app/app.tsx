import type { QueryClient } from '@tanstack/react-query';
import { BrowserRouter, useRoutes } from 'react-router';
import { AppProviders } from './providers';
import { routes } from './routes';

/**
 * The routes in React Router's declarative mode: the app uses no loaders, actions or route error
 * elements, and the data router's code was a fifth of the sign-in page's JavaScript (issue 13).
 */
function AppRoutes() {
  return useRoutes(routes);
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
