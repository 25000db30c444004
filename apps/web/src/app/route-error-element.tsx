import { useRouteError } from 'react-router';
import { PageNotFoundError } from '@/shared/routing/not-found';
import { MODULE_VIEWS } from './module-registry';

const NotFoundPage = MODULE_VIEWS.errors.pages.notFound;

/**
 * A page whose record is missing threw PageNotFoundError: show the not-found page at the same URL.
 * Any other error goes on to the router's own boundary, as before.
 */
export function RouteErrorElement() {
  const error = useRouteError();
  if (error instanceof PageNotFoundError) return <NotFoundPage />;
  throw error;
}
