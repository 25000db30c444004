import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, problem } from '@/test/fixtures';
import { type ApiStub, renderRoutes, stubApi } from '@/test/page';
import EmailTemplatePage from './email-template-page';
import MailSettingsFormPage from './mail-settings-form-page';
import MailSettingsPage from './mail-settings-page';

const TENANT = '6b0f3c1a-2d4e-4f5a-8b9c-0d1e2f3a4b5c';
const SETTINGS_ID = '7c1f3c1a-2d4e-4f5a-8b9c-0d1e2f3a4b5d';
const ROW = {
  id: SETTINGS_ID,
  tenantId: TENANT,
  title: 'Contoso 365',
  createdAt: '2026-03-04T09:05:00.000Z',
  msGraphTenantId: 'contoso',
  msGraphClientId: 'client-1',
  hasClientSecret: true,
  msGraphSenderId: null,
  msGraphFromMail: 'news@contoso.test',
  useForSystemMails: true,
  customBusinessCard: false,
  customBusinessCardContent: null,
};

let rows: (typeof ROW)[];
let testAnswer: unknown;
let fetchMock: ApiStub;
beforeEach(() => {
  rows = [ROW];
  testAnswer = { ok: true, sentTo: 'me@atrium.test', reason: null, unreachable: false };
  fetchMock = stubApi(({ method, path, url, init }) => {
    const base = `/tenants/${TENANT}`;
    if (method === 'GET' && path === base) return json({ id: TENANT, name: 'Harbour Care' });
    if (method === 'GET' && path === `${base}/mailsettings`) {
      // The API contract's page: { data, total, page, take }.
      const page = Number(url.searchParams.get('page') ?? 1);
      const take = Number(url.searchParams.get('take') ?? 50);
      return json({ data: rows.slice((page - 1) * take, page * take), total: rows.length, page, take });
    }
    if (method === 'POST' && path === `${base}/mailsettings`)
      return json({ ...ROW, ...JSON.parse(String(init?.body)) }, 201);
    if (method === 'GET' && path === `${base}/mailsettings/${SETTINGS_ID}`) return json(ROW);
    if (method === 'PUT' && path === `${base}/mailsettings/${SETTINGS_ID}`) return json(ROW);
    if (method === 'DELETE' && path === `${base}/mailsettings/${SETTINGS_ID}`)
      return new Response(null, { status: 204 });
    if (method === 'POST' && path === `${base}/mailsettings/${SETTINGS_ID}/test`) return json(testAnswer);
    if (method === 'GET' && path === `${base}/emailtemplate`)
      return json({
        tenantId: TENANT,
        emailTemplate: '<div>{{content}}</div>',
        footerText: null,
        backgroundColor: null,
      });
    if (method === 'PUT' && path === `${base}/emailtemplate`)
      return json({ tenantId: TENANT, ...JSON.parse(String(init?.body)) });
    return problem(404, 'notFound', 'Not found');
  });
});

function renderAt(path: string) {
  return renderRoutes(
    path,
    <>
      <Route path="/tenants/emails/new/:tenantId" element={<MailSettingsFormPage />} />
      <Route path="/tenants/emails/:tenantId/:id" element={<MailSettingsFormPage />} />
      <Route path="/tenants/emails/:id" element={<MailSettingsPage />} />
      <Route path="/tenants/emailtemplate/:id" element={<EmailTemplatePage />} />
    </>,
  );
}
/** The query strings of the list calls made so far. */
const listQueries = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname.endsWith(`/tenants/${TENANT}/mailsettings`))
    .map((url) => url.searchParams);
const bodiesOf = (method: string, suffix: string) =>
  fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        ((init as RequestInit | undefined)?.method ?? 'GET') === method && String(input).endsWith(suffix),
    )
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));

describe('/tenants/emails/{id}', () => {
  it('lists the settings with their created time (dd-MM-yyyy HH:mm) and tests one from the row menu', async () => {
    const user = userEvent.setup();
    renderAt(`/tenants/emails/${TENANT}`);
    expect(await screen.findByText('Contoso 365')).toBeInTheDocument();
    expect(screen.getByText(/04-03-2026 \d\d:05$/)).toBeInTheDocument();
    expect(screen.getByText('System mails')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Actions for Contoso 365' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Test' }));
    expect(await screen.findByText('A test mail was sent to me@atrium.test')).toBeInTheDocument();
  });

  it('asks for a page (page, take, sort, direction) and shows the pager only when there is more than one', async () => {
    renderAt(`/tenants/emails/${TENANT}`);
    expect(await screen.findByText('Contoso 365')).toBeInTheDocument();
    expect(Object.fromEntries(listQueries()[0]!)).toEqual({
      page: '1',
      take: '25',
      sort: 'createdAt',
      direction: 'desc',
    });
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
    expect(screen.getByText('1 settings item of Harbour Care')).toBeInTheDocument();
  });

  it('pages through more settings than fit on a page, the total from the answer', async () => {
    rows = Array.from({ length: 30 }, (_, i) => ({
      ...ROW,
      id: `7c1f3c1a-2d4e-4f5a-8b9c-${String(i).padStart(12, '0')}`,
      title: `Mailer ${i + 1}`,
      useForSystemMails: false,
    }));
    const user = userEvent.setup();
    renderAt(`/tenants/emails/${TENANT}`);
    expect(await screen.findByText('Mailer 1')).toBeInTheDocument();
    expect(screen.queryByText('Mailer 26')).not.toBeInTheDocument();
    expect(screen.getByText('30 settings items of Harbour Care')).toBeInTheDocument();
    expect(screen.getByText('1–25 of 30')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Mailer 26')).toBeInTheDocument();
    expect(screen.getByText('26–30 of 30')).toBeInTheDocument();
    expect(listQueries().some((q) => q.get('page') === '2' && q.get('take') === '25')).toBe(true);
  });

  it('shows the provider’s reason when the test fails', async () => {
    testAnswer = {
      ok: false,
      sentTo: 'me@atrium.test',
      reason: 'AADSTS7000215: Invalid client secret provided.',
      unreachable: false,
    };
    const user = userEvent.setup();
    renderAt(`/tenants/emails/${TENANT}`);
    await user.click(await screen.findByRole('button', { name: 'Actions for Contoso 365' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Test' }));
    expect(await screen.findByText('The test mail could not be sent')).toBeInTheDocument();
    expect(screen.getByText('Microsoft answered: AADSTS7000215: Invalid client secret provided.')).toBeInTheDocument();
  });

  it('says in words that Microsoft could not be reached, rather than a system error', async () => {
    testAnswer = { ok: false, sentTo: 'me@atrium.test', reason: 'ENOTFOUND', unreachable: true };
    const user = userEvent.setup();
    renderAt(`/tenants/emails/${TENANT}`);
    await user.click(await screen.findByRole('button', { name: 'Actions for Contoso 365' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Test' }));
    expect(
      await screen.findByText(
        'Microsoft could not be reached from the server (ENOTFOUND). Check the server’s network connection and try again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Microsoft answered/)).not.toBeInTheDocument();
  });

  it('asks before deleting, naming the settings', async () => {
    const user = userEvent.setup();
    renderAt(`/tenants/emails/${TENANT}`);
    await user.click(await screen.findByRole('button', { name: 'Actions for Contoso 365' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete mail settings' });
    expect(dialog).toHaveTextContent('Delete the mail settings ‘Contoso 365’?');
    rows = [];
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No mail-sending settings yet')).toBeInTheDocument();
  });
});

describe('/tenants/emails/new/{tenantId} and /tenants/emails/{tenantId}/{id}', () => {
  it('keeps save disabled while pristine, shows the card editor only while the card is checked, and goes back after saving', async () => {
    const user = userEvent.setup();
    renderAt(`/tenants/emails/new/${TENANT}`);
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(screen.queryByRole('toolbar', { name: 'Formatting' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Add a business card/ }));
    expect(await screen.findByRole('toolbar', { name: 'Formatting' })).toBeInTheDocument();
    for (const name of ['Heading', 'Bold', 'Italic', 'Undo', 'Redo', 'Numbered list', 'Bulleted list']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
    await user.click(screen.getByRole('checkbox', { name: /Add a business card/ }));
    expect(screen.queryByRole('toolbar', { name: 'Formatting' })).not.toBeInTheDocument();

    // An invalid submit shows every required field's message and sends nothing.
    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Contoso 365');
    await user.click(save);
    expect(await screen.findAllByText('Required')).toHaveLength(4);
    expect(bodiesOf('POST', '/mailsettings')).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: /Directory \(tenant\) ID/ }), 'contoso');
    await user.type(screen.getByRole('textbox', { name: /Application \(client\) ID/ }), 'client-1');
    await user.type(screen.getByLabelText(/^Client secret/), 's3cret');
    await user.type(screen.getByRole('textbox', { name: /From address/ }), 'news@contoso.test');
    await user.click(save);
    // Back on the list of the tenant's settings.
    expect(await screen.findByRole('heading', { name: 'Email settings' })).toBeInTheDocument();
    expect(bodiesOf('POST', '/mailsettings')[0]).toMatchObject({
      title: 'Contoso 365',
      msGraphTenantId: 'contoso',
      msGraphClientSecret: 's3cret',
      msGraphFromMail: 'news@contoso.test',
      customBusinessCard: false,
    });
  });

  it('edits without a typed secret, which keeps the stored one', async () => {
    const user = userEvent.setup();
    renderAt(`/tenants/emails/${TENANT}/${SETTINGS_ID}`);
    const title = await screen.findByRole('textbox', { name: /^Title/ });
    expect(title).toHaveValue('Contoso 365');
    expect(screen.getByText(/A secret is stored/)).toBeInTheDocument();
    await user.type(title, ' (EU)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Back on the list of the tenant's settings.
    expect(await screen.findByRole('heading', { name: 'Email settings' })).toBeInTheDocument();
    expect(bodiesOf('PUT', `/mailsettings/${SETTINGS_ID}`)[0]).toMatchObject({
      title: 'Contoso 365 (EU)',
      msGraphClientSecret: '',
    });
  });

  it('cancel goes back to the list', async () => {
    renderAt(`/tenants/emails/new/${TENANT}`);
    expect(await screen.findByRole('link', { name: 'Cancel' })).toHaveAttribute('href', `/tenants/emails/${TENANT}`);
  });
});

describe('/tenants/emailtemplate/{id}', () => {
  it('previews the template in a sandboxed frame and saves with footer and colour null when empty', async () => {
    const user = userEvent.setup();
    renderAt(`/tenants/emailtemplate/${TENANT}`);
    const frame = await screen.findByTitle('Preview of a mail in this template');
    expect(frame).toHaveAttribute('sandbox', '');
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toContain('<div><p>Hello Rita,</p>'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/tenants'));
    expect(bodiesOf('PUT', '/emailtemplate')[0]).toEqual({
      tenantId: TENANT,
      emailTemplate: '<div>{{content}}</div>',
      footerText: null,
      backgroundColor: null,
    });
  });

  it('refuses a colour that is not #rgb or #rrggbb, and sends a valid one', async () => {
    const user = userEvent.setup();
    renderAt(`/tenants/emailtemplate/${TENANT}`);
    const colour = await screen.findByRole('textbox', { name: /Background colour as hex/ });
    await user.type(colour, '#abcd');
    expect(await screen.findByText('A hex colour: # and 3 or 6 digits')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(bodiesOf('PUT', '/emailtemplate')).toEqual([]);
    await user.clear(colour);
    await user.type(colour, '#eef2f6');
    const template = screen.getByRole('textbox', { name: /^Template/ });
    await user.clear(template);
    await user.type(template, '  <p>{{{{content}}</p>  ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodiesOf('PUT', '/emailtemplate')).toHaveLength(1));
    expect(bodiesOf('PUT', '/emailtemplate')[0]).toMatchObject({
      emailTemplate: '<p>{{content}}</p>',
      backgroundColor: '#eef2f6',
    });
  });
});
