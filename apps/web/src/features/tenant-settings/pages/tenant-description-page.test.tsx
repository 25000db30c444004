import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { enter } from '@/test/enter';
import { json, problem } from '@/test/fixtures';
import { type ApiStub, renderRoutes, stubApi } from '@/test/page';
import TenantDescriptionPage from './tenant-description-page';

const ID = '6b0f3c1a-2d4e-4f5a-8b9c-0d1e2f3a4b5c';
const NEWS = '0b7f6a52-5d1c-4e8e-9a57-3c2f1d0e9b81';
const HOURS = '0b7f6a52-5d1c-4e8e-9a57-3c2f1d0e9b82';
const ITEMS = [
  { id: NEWS, name: 'News', customTitle: null, customDescription: '<p>Company <strong>news</strong></p>' },
  { id: HOURS, name: 'TimeLogs', customTitle: 'Hours', customDescription: null },
];

let putAnswer: (body: unknown) => Promise<Response>;
let itemsAnswer: () => Promise<Response>;
let fetchMock: ApiStub;
beforeEach(() => {
  putAnswer = async () => json(ITEMS);
  itemsAnswer = async () => json(ITEMS);
  fetchMock = stubApi(({ method, path, init }) => {
    if (method === 'GET' && path === `/tenants/${ID}`) return json({ id: ID, name: 'Harbour Care' });
    if (method === 'GET' && path === `/tenants/${ID}/featureitems`) return itemsAnswer();
    if (method === 'PUT' && path === `/tenants/${ID}/featureitems`) return putAnswer(JSON.parse(String(init?.body)));
    return problem(404, 'notFound', 'Not found');
  });
});

function renderPage() {
  return renderRoutes(
    `/tenants/description/${ID}`,
    <Route path="/tenants/description/:id" element={<TenantDescriptionPage />} />,
  );
}
const puts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');

describe('/tenants/description/{id}', () => {
  it('shows each feature item with its name, a custom title input and a description editor with the spec’s toolbar only', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'News' })).toBeInTheDocument();
    expect(screen.getByText('Rename the menu items of Harbour Care and describe them.')).toBeInTheDocument();
    const titles = screen.getAllByRole('textbox', { name: 'Custom title' });
    expect(titles.map((i) => (i as HTMLInputElement).value)).toEqual(['', 'Hours']);
    expect(screen.getByRole('textbox', { name: 'Description of News' })).toHaveTextContent('Company news');
    // A renamed feature is headed and described by the tenant's title, never its catalogue name.
    expect(screen.getByRole('heading', { level: 2, name: 'Hours' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Description of Hours' })).toBeInTheDocument();
    const [toolbar] = screen.getAllByRole('toolbar', { name: 'Formatting' });
    const buttons = [...toolbar!.querySelectorAll('button')].map((b) => b.getAttribute('aria-label'));
    expect(buttons).toEqual(['Heading 1', 'Heading 2', 'Bold', 'Italic', 'Numbered list', 'Bulleted list']);
  });

  it('saves every item in one call, then goes to /tenants with a notice', async () => {
    renderPage();
    const [news] = await screen.findAllByRole('textbox', { name: 'Custom title' });
    await enter(news!, 'Newsroom');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/tenants'));
    expect(puts()).toHaveLength(1);
    expect(JSON.parse(String((puts()[0]![1] as RequestInit).body))).toEqual([
      { id: NEWS, customTitle: 'Newsroom', customDescription: '<p>Company <strong>news</strong></p>' },
      { id: HOURS, customTitle: 'Hours', customDescription: '' },
    ]);
  });

  it('shows an error toast and stays when the update fails', async () => {
    putAnswer = async () =>
      json(
        { title: 'Invalid', status: 400, code: 'validation', errors: [{ field: '0.customTitle', message: 'tooLong' }] },
        400,
        { 'content-type': 'application/problem+json' },
      );
    renderPage();
    await screen.findAllByRole('textbox', { name: 'Custom title' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Could not save the feature titles')).toBeInTheDocument();
    expect(screen.getAllByText('This is too long').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('refuses a title past the limit without sending it', async () => {
    renderPage();
    const [news] = await screen.findAllByRole('textbox', { name: 'Custom title' });
    await userEvent.click(news!);
    await userEvent.paste('x'.repeat(101));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This is too long')).toBeInTheDocument();
    expect(puts()).toHaveLength(0);
  });

  it('says when the tenant has no renamable features', async () => {
    itemsAnswer = async () => json([]);
    renderPage();
    expect(await screen.findByText(/no features with a menu item yet/)).toBeInTheDocument();
  });

  it('shows the failure with a retry when the items cannot be loaded', async () => {
    itemsAnswer = async () => problem(500, 'internal', 'Something went wrong');
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent("Could not load the tenant's settings");
    itemsAnswer = async () => json(ITEMS);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'News' })).toBeInTheDocument();
  });
});
