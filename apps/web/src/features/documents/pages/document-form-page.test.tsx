import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptAuthResult } from '@/shared/api/session';
import { enter } from '@/test/enter';
import { authResult, json } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import DocumentFormPage from './document-form-page';

const TYPE = '6f1c1d5e-0a7b-4c33-9d7e-1a2b3c4d5e61';
const DOC = '6f1c1d5e-0a7b-4c33-9d7e-1a2b3c4d5e70';

let requests: { method: string; path: string; body?: unknown }[];
/** Answers of the file uploads (XMLHttpRequest, for its progress events), in turn. */
let uploadStatuses: number[];

/** The part of XMLHttpRequest that uploadFileWithProgress uses, answering from uploadStatuses. */
class FakeXhr {
  status = 0;
  responseText = '';
  responseType = '';
  upload: { onprogress?: unknown; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  #method = '';
  #path = '';
  open(method: string, url: string) {
    this.#method = method;
    this.#path = new URL(url, 'http://localhost').pathname;
  }
  setRequestHeader() {}
  #done = false;
  /** As a real one: aborting a request that has its answer does nothing. */
  abort() {
    if (this.#done) return;
    requests.push({ method: 'ABORT', path: this.#path });
    this.onabort?.();
  }
  send() {
    requests.push({ method: this.#method, path: this.#path });
    // 0: the answer never comes (the upload is still under way).
    if (uploadStatuses[0] === 0) return;
    this.status = uploadStatuses.shift() ?? 200;
    this.#done = true;
    this.responseText = JSON.stringify(
      this.status === 200 ? { id: DOC } : { status: this.status, title: 'Storage unavailable' },
    );
    queueMicrotask(() => this.onload?.());
  }
}

beforeEach(() => {
  acceptAuthResult(authResult({ roles: ['TenantAdmin'] }));
  requests = [];
  uploadStatuses = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname;
    const method = init?.method ?? 'GET';
    requests.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    if (path.endsWith('/documenttypes/all')) return json({ data: [{ id: TYPE, name: 'Handbooks' }], total: 1 });
    if (path.endsWith('/documents/postdocument')) return json({ id: DOC }, 201);
    if (path.endsWith('/documents/updatedocument')) return json({ id: DOC });
    return json({});
  });
});

function Where() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** The form, opened directly or (`from`) from another page of the app. */
const newDocumentPage = (from?: string) =>
  renderWithProviders(
    <MemoryRouter initialEntries={from ? [from, '/admin/documents/new'] : ['/admin/documents/new']}>
      <Routes>
        <Route path="/admin/documents/new" element={<DocumentFormPage />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );

async function fillAndSave(title: string) {
  await userEvent.type(await screen.findByRole('textbox', { name: /Title/ }), title);
  await userEvent.click(screen.getByRole('combobox', { name: /Document type/ }));
  await userEvent.click(await screen.findByRole('option', { name: 'Handbooks' }));
  const file = new File(['%PDF-1.4'], 'handbook.pdf', { type: 'application/pdf' });
  await userEvent.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file);
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
}

describe('/admin/documents/new', () => {
  it('saved, goes back to the page it was opened from (spec part 2 §4)', async () => {
    // The browser router's entry number, which says a page of the app came before this one.
    window.history.replaceState({ idx: 1 }, '');
    newDocumentPage('/folders/documents');
    await fillAndSave('Handbook');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/folders/documents'));
  });

  it('saved after being opened directly, goes to the documents list', async () => {
    window.history.replaceState({ idx: 0 }, '');
    newDocumentPage();
    await fillAndSave('Handbook');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/documents$/));
  });

  it('leaving the page (Cancel) while the file uploads stops the upload', async () => {
    uploadStatuses = [0];
    newDocumentPage();
    await fillAndSave('Handbook');
    await waitFor(() => expect(requests.some((r) => r.path === `/core/api/documents/${DOC}/file`)).toBe(true));
    await userEvent.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/documents'));
    expect(requests.filter((r) => r.method !== 'GET').map((r) => r.method)).toEqual(['POST', 'POST', 'ABORT']);
  });

  it('after a refused upload (the server removed the record), a new try makes the record again', async () => {
    uploadStatuses = [503, 200];
    newDocumentPage();
    const title = await screen.findByRole('textbox', { name: /Title/ });
    await enter(title, 'Handbok');
    await userEvent.click(screen.getByRole('combobox', { name: /Document type/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Handbooks' }));
    const file = new File(['%PDF-1.4'], 'handbook.pdf', { type: 'application/pdf' });
    await userEvent.upload(document.querySelector('input[type="file"]') as HTMLInputElement, file);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Could not save the document')).toBeInTheDocument();

    await userEvent.clear(title);
    await enter(title, 'Handbook');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin/documents'));
    const writes = requests.filter((r) => r.method !== 'GET');
    expect(writes).toEqual([
      { method: 'POST', path: '/core/api/documents/postdocument', body: { title: 'Handbok', documentTypeId: TYPE } },
      { method: 'POST', path: `/core/api/documents/${DOC}/file` },
      { method: 'POST', path: '/core/api/documents/postdocument', body: { title: 'Handbook', documentTypeId: TYPE } },
      { method: 'POST', path: `/core/api/documents/${DOC}/file` },
    ]);
  });
});
