import '@mantine/core/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './shared/api/query-client';
import { bootstrapSession, lastSignedInUser } from './shared/api/session';
import { shareStyleNonce } from './shared/csp/style-nonce';
import { setLanguage } from './shared/i18n/i18n';
import { startPwa } from './shared/pwa/pwa-state';
import { reloadOnStaleCode } from './shared/pwa/stale-code';
import { uiStore } from './shared/ui-state/ui-state';

// Paint the stored colour scheme before React renders, so a dark-mode user never sees a light flash.
document.documentElement.setAttribute('data-mantine-color-scheme', uiStore.get().darkMode ? 'dark' : 'light');

// Before anything renders: the libraries that add <style> elements need the page's CSP nonce.
shareStyleNonce();

// The install offer is caught from the start; the service worker registers after the page has loaded.
startPwa();
// A tab left open across a deploy reloads to the new version when it next opens a page.
reloadOnStaleCode();

// The access token lives in memory only: a fresh page asks for one with the refresh cookie. Meanwhile
// the last signed-in user's language loads, so a reload (as after choosing a tenant) shows no English first.
void bootstrapSession();
const lastUser = lastSignedInUser();
// Its strings failing to load (offline before the service worker kept them) leaves English.
if (lastUser?.language) setLanguage(lastUser.language).catch(() => undefined);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App queryClient={createQueryClient()} />
  </StrictMode>,
);
