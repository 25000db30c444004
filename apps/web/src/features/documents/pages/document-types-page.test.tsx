import { Notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentTypeRow } from '@/features/documents/api/types';
import { acceptAuthResult } from '@/shared/api/session';
import { authResult, json } from '@/test/fixtures';
import { renderWithProviders, setViewportWidth } from '@/test/render';
import DocumentTypesPage from './document-types-page';

const GENERAL: DocumentTypeRow = {
  id: '6b0f3c1a-2d4e-4f5a-8b9c-0d1e2f3a4b5c',
  name: 'General',
  isShownOnSideMenu: false,
  isSystem: true,
  createdAt: new Date(2026, 2, 5).toISOString(),
};
const HANDBOOKS: DocumentTypeRow = {
  id: '1281b56c-18d1-484b-9f61-2d324b63bb40',
  name: 'Handbooks with a name that is much longer than fifty characters in all',
  isShownOnSideMenu: false,
  isSystem: false,
  createdAt: new Date(2026, 2, 6).toISOString(),
};

let types: DocumentTypeRow[];
let fetchMock: ReturnType<typeof vi.fn>;
/** Holds the PUT's answer until the test lets it go. */
let release: () => void;
beforeEach(() => {
  setViewportWidth(1280);
  types = [GENERAL, HANDBOOKS];
  fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const path = new URL(input, 'http://localhost').pathname.replace('/core/api', '');
    const method = init?.method ?? 'GET';
    if (method === 'GET' && path === '/documenttypes')
      return json({ data: types, total: types.length, page: 1, take: 20 });
    if (method === 'PUT' && path === `/documenttypes/${HANDBOOKS.id}`) {
      const body = JSON.parse(init?.body as string);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      types = types.map((t) => (t.id === HANDBOOKS.id ? { ...t, ...body } : t));
      return json(types.find((t) => t.id === HANDBOOKS.id));
    }
    if (method === 'GET' && path === '/me/generaldata') return json({});
    return json({ title: 'Not found', status: 404 }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  acceptAuthResult(authResult({ roles: ['TenantAdmin'] }));
});

const renderPage = () =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/admin/documents/documenttypes']}>
      <Notifications />
      <Routes>
        <Route path="/admin/documents/documenttypes" element={<DocumentTypesPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('DocumentTypesPage', () => {
  it('cuts long names at 50 with ..., and offers no delete for a system type', async () => {
    renderPage();
    expect(await screen.findByRole('link', { name: `${HANDBOOKS.name.slice(0, 50)}...` })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete General' })).toBeNull();
    expect(screen.getByRole('button', { name: `Delete ${HANDBOOKS.name}` })).toBeInTheDocument();
  });

  it('flips the sidebar switch only once the server has answered, then refreshes the general data', async () => {
    renderPage();
    const toggle = await screen.findByRole('switch', { name: `Show ${HANDBOOKS.name} on sidebar` });
    expect(toggle).not.toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(put[1].body)).toEqual({ id: HANDBOOKS.id, name: HANDBOOKS.name, isShownOnSideMenu: true });
    // The server has not answered yet: the switch still shows the old value.
    expect(screen.getByRole('switch', { name: `Show ${HANDBOOKS.name} on sidebar` })).not.toBeChecked();
    release();
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: `Show ${HANDBOOKS.name} on sidebar` })).toBeChecked(),
    );
  });
});
