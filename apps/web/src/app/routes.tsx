import { FEATURE_MENU } from '@atrium/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { RouteGuard } from './guards/route-guard';
import { AuthLayout } from './layouts/auth-layout';
import { RootLayout } from './root-layout';

// Everything beyond the shell is its own chunk; the sign-in page's chunk is what the budget measures.
const SignInPage = lazy(() => import('@/features/auth/pages/sign-in-page'));
const ActiveTenantPage = lazy(() => import('@/features/auth/pages/active-tenant-page'));
const HomeLayout = lazy(() => import('./layouts/home-layout').then((m) => ({ default: m.HomeLayout })));
const InnerLayout = lazy(() => import('./layouts/inner-layout').then((m) => ({ default: m.InnerLayout })));
const HomePage = lazy(() => import('@/features/home/pages/home-page'));
const ProfilePage = lazy(() => import('@/features/profile/pages/profile-page'));
const ProfileEditPage = lazy(() => import('@/features/profile/pages/profile-edit-page'));
const NotFoundPage = lazy(() => import('@/features/errors/pages/not-found-page'));
const UnauthorizedPage = lazy(() => import('@/features/errors/pages/unauthorized-page'));
const ModuleUnavailablePage = lazy(() => import('@/features/errors/pages/module-unavailable-page'));
const ForgotPasswordPage = lazy(() => import('@/features/passwords/pages/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('@/features/passwords/pages/reset-password-page'));
const Office365CallbackPage = lazy(() => import('@/features/auth/pages/office365-callback-page'));
const MailOutboxPage = lazy(() => import('@/features/mail/pages/mail-outbox-page'));
const TenantsPage = lazy(() => import('@/features/tenants/pages/tenants-page'));
const TenantFormPage = lazy(() => import('@/features/tenants/pages/tenant-form-page'));
const UsersPage = lazy(() => import('@/features/users/pages/users-page'));
const UserFormPage = lazy(() => import('@/features/users/pages/user-form-page'));
const ViewAsButton = lazy(() => import('@/features/impersonation/components/view-as-button'));

/** A route of the table, always behind the one guard. */
const guarded = (path: string, element: ReactNode): RouteObject => ({
  path,
  element: <RouteGuard path={path}>{element}</RouteGuard>,
});

/** Routes whose modules other work items build: present and guarded, saying plainly they are not here yet. */
const unavailable = (paths: string[], moduleKey: string, backTo?: string): RouteObject[] =>
  paths.map((path) => guarded(path, <ModuleUnavailablePage moduleKey={moduleKey} backTo={backTo} />));

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <Navigate to="/home" replace /> },
      {
        element: <AuthLayout />,
        children: [
          guarded('signin', <SignInPage />),
          guarded('signin/:error', <SignInPage />),
          guarded('active-tenant-page', <ActiveTenantPage />),
          guarded('unauthorized', <UnauthorizedPage />),
          guarded('pagenotfound', <NotFoundPage />),
          guarded('tenantIdDeepLinkError/:deepTenantId/:remainingPath', <NotFoundPage />),
          guarded('forgotpassword', <ForgotPasswordPage />),
          guarded('resetpassword', <ResetPasswordPage />),
          guarded('office365auth', <Office365CallbackPage />),
          ...unavailable(['unathorized/maps/:tenant'], 'modules.maps', '/'),
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        element: <HomeLayout />,
        children: [
          guarded('home', <HomePage />),
          {
            element: <InnerLayout />,
            children: [
              guarded(
                'profile',
                <ProfilePage
                  actions={
                    <Suspense fallback={null}>
                      <ViewAsButton />
                    </Suspense>
                  }
                />,
              ),
              guarded('profile/edit', <ProfileEditPage />),
              guarded('admin/mail', <MailOutboxPage />),
              guarded('tenants', <TenantsPage />),
              // tenants/new is the form too: the table's tenants/:id route (and its guard) covers it.
              guarded('tenants/:id', <TenantFormPage />),
              ...unavailable(
                [
                  'tenants/description/:id',
                  'tenants/info/:id',
                  'tenants/tags/:id',
                  'tenants/folders/:id',
                  'tenants/teams/:id',
                  'tenants/departments/:id',
                  'tenants/checklists/:id',
                  'tenants/html/:id',
                  'tenants/emails/:id',
                  'tenants/emails/new/:tenantId',
                  'tenants/emails/:tenantId/:id',
                  'tenants/emailtemplate/:id',
                ],
                'menu.tenants',
              ),
              guarded('users', <UsersPage />),
              // users/new is the form too, behind the table's users/:id guard.
              guarded('users/:id', <UserFormPage />),
              ...unavailable(['notifications'], 'menu.notifications'),
              ...unavailable(
                [
                  'admin/documents',
                  'admin/documents/new',
                  'admin/documents/documenttypes',
                  'admin/documenttype/new',
                  'admin/documents/edit/documenttype/:id',
                  'admin/documents/edit/:id',
                  'documents/:id',
                ],
                'menu.documents',
              ),
              ...unavailable(
                [
                  'admin/clients',
                  'admin/clients/:type/contact/:id',
                  'admin/clients/locations/:id',
                  'admin/clients/contacts/:id',
                ],
                'menu.clients',
              ),
              ...FEATURE_MENU.map(({ feature, path }) =>
                guarded(path, <ModuleUnavailablePage moduleKey={`feature.${feature}`} />),
              ),
            ],
          },
        ],
      },
    ],
  },
];
