import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FolderRow } from '@/features/documents/api/types';
import { acceptAuthResult } from '@/shared/api/session';
import { authResult, json } from '@/test/fixtures';
import { renderWithProviders, setViewportWidth } from '@/test/render';
import FoldersPage from './folders-page';

const folder = (n: number, name: string, parent: FolderRow | null = null): FolderRow => ({
  id: `6b0f3c1a-2d4e-4f5a-8b9c-0d1e2f3a4b${String(n).padStart(2, '0')}`,
  name,
  parentFolderId: parent?.id ?? null,
  parentFolderName: parent?.name ?? null,
  createdAt: new Date(2026, 2, n).toISOString(),
});
const TEN = folder(10, 'Folder 10');
const TWO = folder(2, 'Folder 2');
const ONE = folder(1, 'folder 1');
const ELEVEN = folder(11, 'Folder 11', TWO);

beforeEach(() => {
  setViewportWidth(1280);
  // The server's order (lower(name)): 1, 10, 11, 2.
  vi.stubGlobal('fetch', async (input: string) => {
    const path = new URL(input, 'http://localhost').pathname.replace('/core/api', '');
    if (path === '/folders/getfolders') return json([ONE, TEN, ELEVEN, TWO]);
    return json({});
  });
  acceptAuthResult(authResult({ roles: ['TenantAdmin'] }));
});

const renderPage = () =>
  renderWithProviders(
    <MemoryRouter initialEntries={['/folders']}>
      <FoldersPage />
    </MemoryRouter>,
  );

describe('/folders', () => {
  it('lists folders in natural order (2 before 10), ignoring case', async () => {
    renderPage();
    await screen.findByText('Folder 10');
    const names = ['folder 1', 'Folder 2', 'Folder 10', 'Folder 11'].map((name) => screen.getByText(name));
    for (let i = 1; i < names.length; i++) {
      expect(names[i - 1]!.compareDocumentPosition(names[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('names the folder in the delete dialog, and says that its subfolders move to the top level', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Folder 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Folder 2?' });
    expect(within(dialog).getByText('Its subfolders move to the top level.')).toBeInTheDocument();
    // The title asks, naming it; the body does not ask again.
    expect(within(dialog).getAllByText(/Folder 2/)).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete Folder 10' }));
    const other = await screen.findByRole('dialog', { name: 'Delete Folder 10?' });
    expect(within(other).queryByText('Its subfolders move to the top level.')).not.toBeInTheDocument();
  });
});
