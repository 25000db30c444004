import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { acceptAuthResult } from '@/shared/api/session';
import { authResult, problem } from '@/test/fixtures';
import { renderRoutes, stubApi } from '@/test/page';
import TenantFormPage from './tenant-form-page';

const NOT_THEIRS = '6b0f3c1a-2d4e-4f5a-8b9c-0d1e2f3a4b5c';

beforeEach(() => {
  // The server shows a partner manager only the tenants they run: any other answers 404.
  stubApi(() => problem(404, 'notFound', 'No such tenant'));
});

const renderAt = (path: string) => renderRoutes(path, <Route path="/tenants/:id" element={<TenantFormPage />} />);

describe('/tenants/{id} of a tenant the caller does not run', () => {
  it('tells a partner manager in the words of the tenant pages, with the way back', async () => {
    acceptAuthResult(authResult({ roles: ['PartnerManager'] }));
    renderAt(`/tenants/${NOT_THEIRS}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('No such tenant, or not one you run');
    expect(screen.getByRole('link', { name: 'Back to tenants' })).toHaveAttribute('href', '/tenants');
  });
});
