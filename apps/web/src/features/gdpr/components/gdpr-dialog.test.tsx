import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { acceptAuthResult, getSession } from '@/shared/api/session';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { authResult, json, problem } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import GdprDialog from './gdpr-dialog';

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

let gdprPosts: number;
let infoCalls: number;
function serve({
  confirmed,
  confirm = () => new Response(null, { status: 204 }),
}: {
  confirmed: boolean;
  confirm?: () => Response;
}) {
  gdprPosts = 0;
  infoCalls = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (url.endsWith('/me/info')) {
      infoCalls += 1;
      return json({ gdprConfirmed: confirmed, language: 'en', isSuperadmin: false, tenants: [] });
    }
    if (url.endsWith('/me/gdpr') && init.method === 'POST') {
      gdprPosts += 1;
      return confirm();
    }
    if (url.endsWith('/auth/logout')) return new Response(null, { status: 204 });
    return json({}, 404);
  });
}

function renderDialog(overrides = {}) {
  acceptAuthResult(authResult(overrides));
  renderWithProviders(
    <MemoryRouter initialEntries={['/home']}>
      <Routes>
        <Route
          path="/home"
          element={
            <>
              <p>home page</p>
              <GdprDialog />
            </>
          }
        />
        <Route path="*" element={<Probe />} />
      </Routes>
    </MemoryRouter>,
  );
}
const dialog = () => screen.findByRole('dialog', { name: 'Your data and privacy' });
/** Waits until the consent state has been read and rendered. */
async function infoLoaded() {
  await waitFor(() => expect(infoCalls).toBeGreaterThan(0));
  await act(async () => {});
}

describe('GDPR dialog', () => {
  it('opens when the user has not confirmed, and cannot be dismissed', async () => {
    const user = userEvent.setup();
    serve({ confirmed: false });
    renderDialog();
    const modal = await dialog();
    expect(screen.queryByRole('button', { name: /close/i })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    fireEvent.keyDown(modal, { key: 'Escape' });
    const overlay = document.querySelector('.mantine-Modal-overlay');
    expect(overlay).not.toBeNull();
    fireEvent.mouseDown(overlay as Element);
    fireEvent.click(overlay as Element);
    await act(async () => {});
    expect(screen.getByRole('dialog', { name: 'Your data and privacy' })).toBeInTheDocument();
    expect(gdprPosts).toBe(0);
  });

  it('confirming calls POST /me/gdpr and closes it', async () => {
    const user = userEvent.setup();
    serve({ confirmed: false });
    renderDialog();
    await dialog();
    await user.click(screen.getByRole('button', { name: 'I understand and agree' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(gdprPosts).toBe(1);
  });

  it('stays open and says so when confirming fails', async () => {
    const user = userEvent.setup();
    serve({ confirmed: false, confirm: () => problem(500, 'internal', 'boom') });
    renderDialog();
    await dialog();
    await user.click(screen.getByRole('button', { name: 'I understand and agree' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save your confirmation');
    expect(screen.getByRole('dialog', { name: 'Your data and privacy' })).toBeInTheDocument();
  });

  it('lets the user log out instead', async () => {
    const user = userEvent.setup();
    serve({ confirmed: false });
    renderDialog();
    await dialog();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/signin');
    expect(getSession().status).toBe('anonymous');
    expect(gdprPosts).toBe(0);
  });

  it('does not open for a user who has confirmed', async () => {
    serve({ confirmed: true });
    renderDialog();
    await infoLoaded();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('never opens while impersonating (the local flag, or a token that says so)', async () => {
    serve({ confirmed: false });
    localStorage.setItem(STORAGE_KEYS.isImpersonatingMode, 'true');
    renderDialog();
    await infoLoaded();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    localStorage.removeItem(STORAGE_KEYS.isImpersonatingMode);
  });

  it('never opens for an impersonation session even without the flag', async () => {
    serve({ confirmed: false });
    renderDialog({ impersonatorId: '7c2f1a9e-0d3b-4e5f-8a6b-9c0d1e2f3a4b' });
    await infoLoaded();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
