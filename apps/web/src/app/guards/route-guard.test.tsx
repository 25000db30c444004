import { type AccessSubject, decideAccess, PAGES, ROUTE_TABLE, type Role } from '@atrium/contracts';
import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { policyFor } from '@/shared/access/policy';
import { renderWithProviders } from '@/test/render';
import { type AccessState, AccessStateProvider } from './access-context';
import { RouteGuard } from './route-guard';

const S: Role = 'Superadmin';
const P: Role = 'PartnerManager';
const T: Role = 'TenantAdmin';
const U: Role = 'User';

type Rule = 'public' | { roles: readonly Role[] | 'anyone signed in'; feature?: 'Documents' };
const signedIn: Rule = { roles: 'anyone signed in' };

/**
 * The route table written out again from the spec's own words (part 1 §2, part 2 §6), independently of
 * packages/contracts, so that a wrong row in ROUTE_TABLE fails this test.
 */
const SPEC: Record<string, Rule> = {
  'unathorized/maps/:tenant': 'public',
  'tenantIdDeepLinkError/:deepTenantId/:remainingPath': 'public',
  signin: 'public',
  'signin/:error': 'public',
  forgotpassword: 'public',
  resetpassword: 'public',
  'active-tenant-page': 'public',
  office365auth: 'public',
  unauthorized: 'public',
  pagenotfound: 'public',
  home: signedIn,
  profile: signedIn,
  'profile/edit': signedIn,
  tenants: { roles: [S, P] },
  users: { roles: [S, T] },
  'users/:id': { roles: [S, T] },
  notifications: { roles: [S, T, U] },
  'admin/documents/new': { roles: [S, T, U], feature: 'Documents' },
  // Gated by the Documents feature like its calls (issues 26, 30); the spec's table names no feature.
  'admin/documents/documenttypes': { roles: [S, T], feature: 'Documents' },
  'admin/clients': { roles: [S, T] },
  'admin/clients/:type/contact/:id': { roles: [S, T] },
  'admin/clients/locations/:id': { roles: [S, T] },
  'admin/clients/contacts/:id': { roles: [S, T] },
  'admin/documents': { roles: [S, T], feature: 'Documents' },
  'admin/documenttype/new': { roles: [S, T], feature: 'Documents' },
  'admin/documents/edit/documenttype/:id': { roles: [S, T], feature: 'Documents' },
  'admin/documents/edit/:id': { roles: [S, T], feature: 'Documents' },
  'documents/:id': { roles: [U, T], feature: 'Documents' },
  'tenants/:id': { roles: [S, P] },
  'tenants/description/:id': { roles: [S, P] },
  'tenants/info/:id': { roles: [S, P] },
  'tenants/tags/:id': { roles: [S, P] },
  'tenants/folders/:id': { roles: [S, P] },
  'tenants/teams/:id': { roles: [S, P] },
  'tenants/departments/:id': { roles: [S, P] },
  'tenants/checklists/:id': { roles: [S, P] },
  'tenants/html/:id': { roles: [S, P] },
  'tenants/emails/:id': { roles: [S, P] },
  'tenants/emails/new/:tenantId': { roles: [S, P] },
  'tenants/emails/:tenantId/:id': { roles: [S, P] },
  'tenants/emailtemplate/:id': { roles: [S, P] },
};

type Outcome = 'allowed' | 'signin' | 'unauthorized';
type Subject = { name: string; roles: Role[]; features: string[] } | { name: 'anonymous' };

const OTHER_FEATURES = ['News', 'TimeLogs', 'Notifications'];
const SUBJECTS: Subject[] = [
  { name: 'anonymous' },
  ...[S, P, T, U].flatMap((role) => [
    { name: `${role} with Documents`, roles: [role], features: [...OTHER_FEATURES, 'Documents'] },
    { name: `${role} without Documents`, roles: [role], features: OTHER_FEATURES },
  ]),
];

function expected(rule: Rule, subject: Subject): Outcome {
  if (rule === 'public') return 'allowed';
  if (!('roles' in subject)) return 'signin';
  if (rule.roles !== 'anyone signed in' && !rule.roles.some((r) => subject.roles.includes(r))) return 'unauthorized';
  if (rule.feature && !subject.features.includes(rule.feature)) return 'unauthorized';
  return 'allowed';
}

function fromDecision(policyPath: string, subject: Subject, policyOf = policyFor): Outcome {
  const who: AccessSubject = 'roles' in subject ? { roles: subject.roles, features: subject.features } : null;
  const decision = decideAccess(policyOf(policyPath), who);
  return decision === 'allow' ? 'allowed' : decision === 'unauthenticated' ? 'signin' : 'unauthorized';
}

const GUID = '3f2b8c1e-6a4d-4e7f-9b2a-1c5d8e9f0a7b';
const concrete = (path: string) => `/${path.replace(/:[A-Za-z]+/g, GUID)}`;

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderGuarded(path: string, access: AccessState) {
  return renderWithProviders(
    <AccessStateProvider value={access}>
      <MemoryRouter initialEntries={[concrete(path)]}>
        <Routes>
          <Route
            path={`/${path}`}
            element={
              <RouteGuard path={path}>
                <p>page content</p>
              </RouteGuard>
            }
          />
          <Route path="*" element={<Probe />} />
        </Routes>
      </MemoryRouter>
    </AccessStateProvider>,
  );
}

function accessOf(subject: Subject): AccessState {
  return 'roles' in subject
    ? { status: 'signedIn', roles: subject.roles, features: subject.features }
    : { status: 'anonymous' };
}

async function outcomeOnScreen(path: string): Promise<Outcome> {
  if (screen.queryByText('page content')) return 'allowed';
  const location = (await screen.findByTestId('location')).textContent ?? '';
  if (location === `/signin?returnUrl=${encodeURIComponent(concrete(path))}`) return 'signin';
  if (location === '/unauthorized') return 'unauthorized';
  throw new Error(`Unexpected location ${location}`);
}

describe('route guard matrix', () => {
  it('the spec table and ROUTE_TABLE list exactly the same routes', () => {
    expect(ROUTE_TABLE.map((r) => r.path).sort()).toEqual(Object.keys(SPEC).sort());
  });

  const cases = ROUTE_TABLE.flatMap((row) => SUBJECTS.map((subject) => ({ path: row.path, subject })));

  it.each(cases)('$path for $subject.name', async ({ path, subject }) => {
    const rule = SPEC[path];
    if (!rule) throw new Error(`${path} is missing from the spec table`);
    const want = expected(rule, subject);
    expect(fromDecision(path, subject)).toBe(want);

    renderGuarded(path, accessOf(subject));
    expect(await outcomeOnScreen(path)).toBe(want);
  });
});

describe('route guard for the feature modules', () => {
  // The tenant features' own pages: open to anyone signed in whose tenant has the feature.
  const FEATURE_ROUTES = PAGES.filter((page) => page.policy.access === 'authenticated' && page.policy.feature);
  it('covers the feature modules', () => {
    expect(FEATURE_ROUTES.map((page) => page.path)).toEqual(expect.arrayContaining(['news', 'calendar', 'sprints']));
  });

  const cases = FEATURE_ROUTES.flatMap((row) => SUBJECTS.map((subject) => ({ path: row.path, subject })));
  const policyOf = (path: string) => {
    const row = FEATURE_ROUTES.find((r) => r.path === path);
    if (!row) throw new Error(path);
    return row.policy;
  };

  it.each(cases)('$path for $subject.name', async ({ path, subject }) => {
    const feature = (policyOf(path) as { feature?: string }).feature;
    const want: Outcome = !('roles' in subject)
      ? 'signin'
      : feature && subject.features.includes(feature)
        ? 'allowed'
        : 'unauthorized';
    expect(fromDecision(path, subject, policyOf)).toBe(want);
    renderGuarded(path, accessOf(subject));
    expect(await outcomeOnScreen(path)).toBe(want);
  });
});

describe('route guard while it cannot decide yet', () => {
  it('waits, neither redirecting nor rendering, while the session is being restored', () => {
    renderGuarded('users', { status: 'loading' });
    expect(screen.queryByText('page content')).not.toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('waits for the tenant features before deciding a feature-gated route', () => {
    renderGuarded('admin/documents', { status: 'signedIn', roles: [T], features: undefined });
    expect(screen.queryByText('page content')).not.toBeInTheDocument();
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('does not wait for features on a route that needs none', () => {
    renderGuarded('users', { status: 'signedIn', roles: [T], features: undefined });
    expect(screen.getByText('page content')).toBeInTheDocument();
  });

  it('renders public routes even before the session is known', () => {
    renderGuarded('signin', { status: 'loading' });
    expect(screen.getByText('page content')).toBeInTheDocument();
  });
});
