import { EMPTY_HOME_CONTENT } from '@atrium/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { enter } from '@/test/enter';
import { json, problem } from '@/test/fixtures';
import { type ApiStub, renderRoutes, stubApi } from '@/test/page';
import TenantHtmlPage from './tenant-html-page';

const ID = '6b0f3c1a-2d4e-4f5a-8b9c-0d1e2f3a4b5c';
const LOGO = '/core/api/media/11111111-1111-4111-8111-111111111111.png';
const LOGO320 = '/core/api/media/22222222-2222-4222-8222-222222222222.png';
const CONTENT = {
  ...EMPTY_HOME_CONTENT,
  headline: 'Welcome',
  pageHtml: '<p>Hello <em>team</em></p>',
  videoHosts: ['atrium.example.com', 'player.vimeo.com'],
};

let putAnswer: () => Promise<Response>;
let logoUploaded: Promise<void>;
let fetchMock: ApiStub;
beforeEach(() => {
  putAnswer = async () => json(CONTENT);
  logoUploaded = Promise.resolve();
  fetchMock = stubApi(async ({ method, path }) => {
    if (method === 'GET' && path === `/tenants/${ID}`) return json({ id: ID, name: 'Harbour Care' });
    if (method === 'GET' && path === `/tenants/${ID}/content`) return json(CONTENT);
    if (method === 'PUT' && path === `/tenants/${ID}/content`) return putAnswer();
    if (method === 'POST' && path === `/tenants/${ID}/content/logo`) {
      await logoUploaded;
      return json({ path: LOGO, path320: LOGO320, path800: null }, 201);
    }
    return problem(404, 'notFound', 'Not found');
  });
});

function renderPage() {
  return renderRoutes(`/tenants/html/${ID}`, <Route path="/tenants/html/:id" element={<TenantHtmlPage />} />);
}
const calls = (method: string) =>
  fetchMock.mock.calls.filter(([, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') === method);

describe('/tenants/html/{id}', () => {
  it('shows the landing content form filled in', async () => {
    renderPage();
    expect(await screen.findByRole('textbox', { name: 'Headline' })).toHaveValue('Welcome');
    expect(screen.getByText('What the users of Harbour Care see on their home page.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Welcome text' })).toHaveTextContent('Hello team');
    expect(screen.getByRole('textbox', { name: 'Second text block' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Mobile description' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Logo' })).toHaveTextContent('Upload logo');
  });

  it("says 'Unsafe url.' for a video address off the allowed hosts and keeps save disabled", async () => {
    renderPage();
    const video = await screen.findByRole('textbox', { name: 'Video address' });
    await enter(video, 'https://evil.test/v');
    expect(await screen.findByText('Unsafe url.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(video);
    await enter(video, 'https://player.vimeo.com/video/1');
    await waitFor(() => expect(screen.queryByText('Unsafe url.')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('describes the video address as the rule takes it: http or https, on one of the hosts', async () => {
    renderPage();
    const video = await screen.findByRole('textbox', { name: 'Video address' });
    expect(video).toHaveAccessibleDescription(
      'An address starting with https:// or http://, on atrium.example.com or player.vimeo.com',
    );
    await enter(video, 'http://player.vimeo.com/video/1');
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('uploads a logo, saves everything with its copies and goes to /tenants', async () => {
    renderPage();
    await screen.findByRole('textbox', { name: 'Headline' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('img', { name: 'Preview of the logo' })).toHaveAttribute('src', LOGO);
    await enter(screen.getByRole('textbox', { name: 'Mobile description' }), 'For phones');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/tenants'));
    expect(JSON.parse(String((calls('PUT')[0]![1] as RequestInit).body))).toEqual({
      headline: 'Welcome',
      logoMediaFile: LOGO,
      logoMediaFile320: LOGO320,
      logoMediaFile800: null,
      pageHtml: '<p>Hello <em>team</em></p>',
      pageHtml2: '',
      descriptionMobile: 'For phones',
      videoUrl: '',
    });
  });

  it('keeps save disabled while the logo is uploading', async () => {
    let finish = () => {};
    logoUploaded = new Promise((resolve) => {
      finish = resolve;
    });
    renderPage();
    await screen.findByRole('textbox', { name: 'Headline' });
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File([new Uint8Array([0x89, 0x50])], 'logo.png', { type: 'image/png' }));
    await waitFor(() => expect(save).toBeDisabled());
    finish();
    expect(await screen.findByRole('img', { name: 'Preview of the logo' })).toHaveAttribute('src', LOGO);
    expect(save).toBeEnabled();
  });

  it('refuses a file that is not an image before uploading', async () => {
    renderPage();
    await screen.findByRole('textbox', { name: 'Headline' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, new File(['x'], 'logo.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(await screen.findByText('Use a PNG, JPG, SVG or ICO image')).toBeInTheDocument();
    expect(calls('POST')).toHaveLength(0);
  });

  it('shows the server’s field error and an error toast when saving fails', async () => {
    putAnswer = async () =>
      json(
        { title: 'Invalid', status: 400, code: 'validation', errors: [{ field: 'videoUrl', message: 'unsafeUrl' }] },
        400,
        { 'content-type': 'application/problem+json' },
      );
    renderPage();
    await screen.findByRole('textbox', { name: 'Headline' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Could not save the landing content')).toBeInTheDocument();
    expect(screen.getAllByText('Unsafe url.').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });
});
