import { Component, lazy, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { PageNotFoundError } from '@/shared/routing/not-found';
import { MODULE_VIEWS } from './module-registry';

const NotFoundPage = MODULE_VIEWS.errors.pages.notFound;
// Loaded only when a page fails: the first load's JavaScript has a budget (issue 13).
const PageErrorPage = lazy(() => import('@/features/errors/pages/page-error-page'));

type Props = { children: ReactNode; path: string };

class Boundary extends Component<Props, { notFound: string | null }> {
  override state = { notFound: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    // Any other error goes on up, as before.
    if (error instanceof PageNotFoundError) return { notFound: 'pending' };
    throw error;
  }

  static getDerivedStateFromProps(props: Props, state: { notFound: string | null }) {
    if (state.notFound === 'pending') return { notFound: props.path };
    // Another page was opened: try rendering it.
    if (state.notFound !== null && state.notFound !== props.path) return { notFound: null };
    return null;
  }

  override render() {
    return this.state.notFound === null ? this.props.children : <NotFoundPage />;
  }
}

/**
 * A page whose record is missing threw PageNotFoundError: show the not-found page at the same URL, in
 * place of the whole shell, as an unknown path does; the next page opened renders normally again.
 */
export function NotFoundBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary path={pathname}>{children}</Boundary>;
}

class PageBoundary extends Component<Props, { failedAt: string | null }> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    // A missing record goes on up to NotFoundBoundary, which replaces the whole shell.
    if (error instanceof PageNotFoundError) throw error;
    return { failedAt: 'pending' };
  }

  static getDerivedStateFromProps(props: Props, state: { failedAt: string | null }) {
    if (state.failedAt === 'pending') return { failedAt: props.path };
    // Another page was opened: try rendering it.
    if (state.failedAt !== null && state.failedAt !== props.path) return { failedAt: null };
    return null;
  }

  override render() {
    if (this.state.failedAt === null) return this.props.children;
    return (
      <Suspense fallback={null}>
        <PageErrorPage onRetry={() => this.setState({ failedAt: null })} />
      </Suspense>
    );
  }
}

/**
 * Any other error while a page renders: the product's error page in the page's place, the shell
 * around it staying, with a retry and a way home; the next page opened renders normally again.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PageBoundary path={pathname}>{children}</PageBoundary>;
}
