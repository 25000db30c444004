import { href, PAGES, type PageLayout, type PageRule } from '@atrium/contracts';
import { lazy, type ReactNode } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { allStrings } from '@/shared/i18n/i18n';
import { RouteGuard } from './guards/route-guard';
import { AuthLayout } from './layouts/auth-layout';
import { MODULE_VIEWS, moduleTitle, NOT_BUILT, pageView } from './module-registry';
import { RootLayout } from './root-layout';
import { NotFoundBoundary, PageErrorBoundary } from './route-error-element';

// The signed-in shell comes with all the strings (the first load has only the shell's part).
const HomeLayout = lazy(() =>
  Promise.all([import('./layouts/home-layout'), allStrings()]).then(([m]) => ({ default: m.HomeLayout })),
);
const InnerLayout = lazy(() => import('./layouts/inner-layout').then((m) => ({ default: m.InnerLayout })));
const ModuleUnavailablePage = lazy(() => import('@/features/errors/pages/module-unavailable-page'));

function pageElement(page: PageRule): ReactNode {
  const View = pageView(page.module, page.page);
  if (View !== NOT_BUILT) return <View />;
  // Say plainly that the module is not here yet; from a bare page, go back to the start.
  return (
    <ModuleUnavailablePage moduleKey={moduleTitle(page.module)} backTo={page.layout === 'auth' ? '/' : undefined} />
  );
}

/** The manifest's pages of one layout, each behind the one guard. */
const pagesIn = (layout: PageLayout): RouteObject[] =>
  PAGES.filter((page) => page.layout === layout).map((page) => ({
    path: page.path,
    element: (
      <RouteGuard path={page.path}>
        <PageErrorBoundary>{pageElement(page)}</PageErrorBoundary>
      </RouteGuard>
    ),
  }));

const NotFoundPage = MODULE_VIEWS.errors.pages.notFound;

/** The router's routes, built from the module manifest (paths, policies, layouts) and the module registry. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <Navigate to={href('home', 'home')} replace /> },
      { element: <AuthLayout />, children: [...pagesIn('auth'), { path: '*', element: <NotFoundPage /> }] },
      {
        // A missing record replaces the whole shell, like an unknown path does.
        element: (
          <NotFoundBoundary>
            <HomeLayout />
          </NotFoundBoundary>
        ),
        children: [...pagesIn('home'), { element: <InnerLayout />, children: pagesIn('inner') }],
      },
    ],
  },
];
