import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { loadUiState, setUiState } from '@/shared/ui-state/ui-state';
import { renderWithProviders } from '@/test/render';
import { PwaPrompts } from './pwa-prompts';
import { type BeforeInstallPromptEvent, pwaStore, startPwa } from './pwa-state';

/** What Chromium fires when the app can be installed. */
function installOffer(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = vi.fn(async () => undefined);
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  return { event, prompt };
}

afterEach(() => {
  act(() => {
    pwaStore.set({ installEvent: null, needRefresh: false, update: null });
    setUiState({ isInstallPromptDismissed: false });
  });
});

describe('install prompt', () => {
  // The listener is the app's own (main.tsx calls startPwa once); in a test there is no service worker.
  startPwa(window);

  it('appears when the browser offers installation, and keeps the browser’s own banner away', async () => {
    renderWithProviders(<PwaPrompts />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const { event } = installOffer();
    act(() => void window.dispatchEvent(event));
    expect(event.defaultPrevented).toBe(true);
    const dialog = await screen.findByRole('dialog', { name: 'Install Atrium' });
    expect(dialog).toHaveTextContent('also when you have no network');
  });

  it('Install opens the browser’s dialog once, then the offer is gone', async () => {
    renderWithProviders(<PwaPrompts />);
    const { event, prompt } = installOffer();
    act(() => void window.dispatchEvent(event));
    await userEvent.click(await screen.findByRole('button', { name: 'Install' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Dismiss hides it for good: persisted, and not shown again after a reload when offered again', async () => {
    const first = renderWithProviders(<PwaPrompts />);
    act(() => void window.dispatchEvent(installOffer().event));
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.uiState)!).isInstallPromptDismissed).toBe(true);
    expect(loadUiState().isInstallPromptDismissed).toBe(true);
    first.unmount();

    // The next page load: the browser offers installation again.
    renderWithProviders(<PwaPrompts />);
    act(() => void window.dispatchEvent(installOffer().event));
    expect(pwaStore.get().installEvent).not.toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is gone once the app is installed', async () => {
    renderWithProviders(<PwaPrompts />);
    act(() => void window.dispatchEvent(installOffer().event));
    await screen.findByRole('dialog');
    act(() => void window.dispatchEvent(new Event('appinstalled')));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('new version prompt', () => {
  it('says a new version is available; Reload takes it (activates the waiting worker)', async () => {
    const update = vi.fn(async () => undefined);
    renderWithProviders(<PwaPrompts />);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    act(() => pwaStore.set({ needRefresh: true, update }));
    const prompt = await screen.findByRole('alertdialog', { name: 'New version available' });
    expect(prompt).toHaveTextContent('Reload to start using it.');
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(update).toHaveBeenCalledTimes(1);
  });

  it('Later hides it until the next version is found', async () => {
    renderWithProviders(<PwaPrompts />);
    act(() => pwaStore.set({ needRefresh: true, update: vi.fn() }));
    await userEvent.click(await screen.findByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows both prompts together, the new version first', async () => {
    renderWithProviders(<PwaPrompts />);
    act(() => {
      window.dispatchEvent(installOffer().event);
      pwaStore.set({ needRefresh: true, update: vi.fn() });
    });
    const update = await screen.findByRole('alertdialog');
    const install = screen.getByRole('dialog');
    expect(update.compareDocumentPosition(install) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
