import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { PageNotFoundError } from '@/shared/routing/not-found';
import { MODULE_VIEWS } from './module-registry';

const NotFoundPage = MODULE_VIEWS.errors.pages.notFound;

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
