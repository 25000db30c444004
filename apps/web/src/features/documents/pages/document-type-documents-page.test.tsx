import { act, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { DocumentRow } from '@/features/documents/api/types';
import { acceptAuthResult } from '@/shared/api/session';
import { setLanguage } from '@/shared/i18n/i18n';
import { authResult, json } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import DocumentTypeDocumentsPage from './document-type-documents-page';

const TYPE = '6b0f3c1a-2d4e-4f5a-8b9c-0d1e2f3a4b5c';
const doc = (title: string, documentTypeName: string): DocumentRow => ({
  id: '6b0f3c1a-2d4e-4f5a-8b9c-0d1e2f3a4b60',
  title,
  documentTypeId: TYPE,
  documentTypeName,
  documentPath: `/core/api/documents/x/file`,
  fileName: 'a.txt',
  contentType: 'text/plain',
  size: 3,
  updatedAt: new Date(2026, 10, 26).toISOString(),
});

let documents: DocumentRow[];
beforeEach(() => {
  // The type is not on the sidebar: the general data does not name it.
  vi.stubGlobal('fetch', async (input: string) => {
    const path = new URL(input, 'http://localhost').pathname.replace('/core/api', '');
    if (path === `/documents/loadallfrom/${TYPE}`) return json(documents);
    if (path === '/me/generaldata') return json({ sideMenuDocumentTypes: [], tenantMenuItemsData: [], tenants: [] });
    return json({});
  });
  acceptAuthResult(authResult({ roles: ['User'] }));
});
afterEach(async () => {
  await act(() => setLanguage('en'));
});

const renderPage = () =>
  renderWithProviders(
    <MemoryRouter initialEntries={[`/documents/${TYPE}`]}>
      <Routes>
        <Route path="/documents/:id" element={<DocumentTypeDocumentsPage />} />
      </Routes>
    </MemoryRouter>,
  );

describe('/documents/{typeId}', () => {
  it('is headed by the type’s name when the type is not on the sidebar', async () => {
    documents = [doc('Contract A', 'Kontrakter æøå')];
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kontrakter æøå' })).toBeInTheDocument();
  });

  it('names the system type in the user’s language', async () => {
    await act(() => setLanguage('da'));
    documents = [doc('Åbningstider', 'General')];
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Generelt' })).toBeInTheDocument();
  });
});
