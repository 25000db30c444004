import type { AuthUser } from '@atrium/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { acceptAuthResult, getSession } from '@/shared/api/session';
import { authResult, authUser, json, problem } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import ProfileEditPage from './profile-edit-page';

const AVATAR = '/core/api/media/5d0c9f2e-8b1a-4c3d-9e7f-1a2b3c4d5e6f.png';

/** The two-factor section's status, unless a test serves its own. */
const TWO_FACTOR_OFF = { enabled: false, enabledAt: null, recoveryCodesLeft: 0, rememberedDevices: 0 };

type Handler = (init: RequestInit) => Response | Promise<Response>;
let calls: { method: string; url: string; init: RequestInit }[];
function serve(handlers: Record<string, Handler>) {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ method, url, init });
    const key = `${method} ${url.replace('/core/api', '')}`;
    const handler = handlers[key] ?? (key === 'GET /me/2fa' ? () => json(TWO_FACTOR_OFF) : undefined);
    return handler ? handler(init) : json({}, 404);
  });
}
const sent = (key: string) =>
  calls.filter((c) => `${c.method} ${c.url.replace('/core/api', '')}` === key).map((c) => c.init);
const bodyOf = (init: RequestInit | undefined) => JSON.parse((init?.body as string) ?? 'null');
const patched = (overrides: Partial<AuthUser>) => (init: RequestInit) =>
  json(authUser({ ...overrides, ...bodyToUser(bodyOf(init)) }));
const bodyToUser = (body: { name?: string; surname?: string; language?: string; imagePath?: string | null }) => ({
  ...(body.name !== undefined && { userName: body.name }),
  ...(body.surname !== undefined && { surname: body.surname }),
  ...(body.language !== undefined && { language: body.language }),
  ...(body.imagePath !== undefined && { imagePath: body.imagePath }),
});

function renderPage(user: Partial<AuthUser> = {}) {
  acceptAuthResult(authResult(user));
  renderWithProviders(
    <MemoryRouter initialEntries={['/profile/edit']}>
      <Routes>
        <Route path="/profile/edit" element={<ProfileEditPage />} />
      </Routes>
    </MemoryRouter>,
  );
}
const basicForm = () => screen.getByRole('heading', { name: 'Basic info' }).closest('form') as HTMLFormElement;
const passwordForm = () => screen.getByRole('heading', { name: 'Change password' }).closest('form') as HTMLFormElement;
const nameInput = () => within(basicForm()).getByRole('textbox', { name: /^Name/ });
const surnameInput = () => within(basicForm()).getByRole('textbox', { name: /^Surname/ });
const saveButton = () => within(basicForm()).getByRole('button', { name: 'Save changes' });

describe('/profile/edit basic info', () => {
  it('shows the current details; the email is read-only', () => {
    serve({});
    renderPage();
    expect(nameInput()).toHaveValue('Uma');
    expect(surnameInput()).toHaveValue('User');
    expect(within(basicForm()).getByRole('textbox', { name: /^Email/ })).toHaveAttribute('readonly');
    expect(within(basicForm()).getByRole('combobox', { name: 'Language' })).toHaveValue('English');
  });

  it('saves name, surname and language with PATCH /me, and the session takes the answer', async () => {
    const user = userEvent.setup();
    serve({ 'PATCH /me': patched({}) });
    renderPage();
    await user.clear(nameInput());
    await user.type(nameInput(), '  Karen ');
    await user.clear(surnameInput());
    await user.type(surnameInput(), 'Blixen');
    await user.click(within(basicForm()).getByRole('combobox', { name: 'Language' }));
    await user.click(screen.getByRole('option', { name: 'Dansk' }));
    await user.click(saveButton());
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(bodyOf(sent('PATCH /me')[0])).toEqual({
      name: 'Karen',
      surname: 'Blixen',
      language: 'da',
      imagePath: null,
    });
    const session = getSession();
    expect(session.status === 'authenticated' && session.user).toMatchObject({
      userName: 'Karen',
      surname: 'Blixen',
      language: 'da',
    });
  });

  it('sets the job title and phone of the active tenant, checking the phone on its field', async () => {
    const user = userEvent.setup();
    serve({
      'GET /me/generaldata': () =>
        json({
          imageLogosrc: null,
          imageMobileLogosrc: null,
          features: [],
          tenantMenuItemsData: [],
          activeUserData: {
            email: 'user@atrium.test',
            imagePath: null,
            userName: 'Uma',
            surname: 'User',
            tenantSet: true,
            title: 'Carer',
            phone: '',
          },
          tenants: [],
          customTenantProperties: null,
        }),
      'PATCH /me': patched({}),
    });
    renderPage();
    const title = await screen.findByRole('textbox', { name: 'Job title' });
    expect(title).toHaveValue('Carer');
    const phone = within(basicForm()).getByRole('textbox', { name: 'Phone' });
    await user.type(phone, 'ring me');
    await user.click(saveButton());
    expect(phone).toHaveAccessibleDescription('Enter a phone number: digits, spaces and + ( ) - . /');
    expect(sent('PATCH /me')).toHaveLength(0);
    await user.clear(phone);
    await user.type(phone, '+45 12 34 56 78');
    await user.click(saveButton());
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
    expect(bodyOf(sent('PATCH /me')[0])).toMatchObject({ title: 'Carer', phone: '+45 12 34 56 78' });
  });

  it('shows no job title or phone without an active tenant', () => {
    serve({});
    renderPage();
    expect(within(basicForm()).queryByRole('textbox', { name: 'Phone' })).not.toBeInTheDocument();
  });

  it('requires a name and sends nothing without one', async () => {
    const user = userEvent.setup();
    serve({ 'PATCH /me': patched({}) });
    renderPage();
    await user.clear(nameInput());
    await user.click(saveButton());
    expect(within(basicForm()).getByText('This field is required')).toBeInTheDocument();
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true');
    expect(sent('PATCH /me')).toHaveLength(0);
  });

  it("says 'Could not update your profile' with the server's reasons, and marks the field", async () => {
    const user = userEvent.setup();
    serve({
      'PATCH /me': () =>
        json(
          {
            type: 'about:blank',
            title: 'Your request has invalid fields',
            status: 400,
            code: 'validation',
            errors: [{ field: 'surname', message: 'tooLong' }],
          },
          400,
        ),
    });
    renderPage();
    await user.type(surnameInput(), 'x');
    await user.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not update your profile');
    expect(alert).toHaveTextContent('This is too long');
    expect(surnameInput()).toHaveAttribute('aria-invalid', 'true');
  });

  it("says 'Can not identify current user' when the session has no user id, and sends nothing", async () => {
    const user = userEvent.setup();
    serve({ 'PATCH /me': patched({}) });
    renderPage({ id: '' });
    await user.click(saveButton());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not update your profile');
    expect(alert).toHaveTextContent('Can not identify current user');
    expect(sent('PATCH /me')).toHaveLength(0);
  });

  it("shows the server's 'Can not identify current user' too", async () => {
    const user = userEvent.setup();
    serve({ 'PATCH /me': () => problem(404, 'notFound', 'Can not identify current user') });
    renderPage();
    await user.click(saveButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Can not identify current user');
  });

  it('uploads a picture as multipart, shows it, and saves its path with the profile', async () => {
    const user = userEvent.setup();
    serve({ 'POST /me/avatar': () => json({ path: AVATAR }, 201), 'PATCH /me': patched({}) });
    renderPage();
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'me.png', { type: 'image/png' });
    const input = basicForm().querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, file);
    await waitFor(() => expect(sent('POST /me/avatar')).toHaveLength(1));
    const upload = sent('POST /me/avatar')[0]!;
    expect(upload.body).toBeInstanceOf(FormData);
    expect((upload.body as FormData).get('file')).toBeInstanceOf(File);
    expect(new Headers(upload.headers).get('authorization')).toMatch(/^Bearer /);
    expect(await within(basicForm()).findByRole('img')).toHaveAttribute('src', AVATAR);
    // Nothing is saved until the form is.
    expect(sent('PATCH /me')).toHaveLength(0);
    await user.click(saveButton());
    await screen.findByText('Your profile has been saved.');
    expect(bodyOf(sent('PATCH /me')[0]).imagePath).toBe(AVATAR);
  });

  it('refuses a picture over 1 MB before uploading, and shows a refused upload', async () => {
    serve({
      'POST /me/avatar': () =>
        json(
          { status: 400, code: 'validation', title: 'x', errors: [{ field: 'file', message: 'unsupportedImage' }] },
          400,
        ),
    });
    renderPage();
    const input = basicForm().querySelector('input[type="file"]') as HTMLInputElement;
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('The picture is larger than 1 MB.')).toBeInTheDocument();
    expect(sent('POST /me/avatar')).toHaveLength(0);

    const odd = new File([new Uint8Array([1, 2, 3])], 'odd.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [odd] } });
    expect(await screen.findByText('Use a PNG, JPEG, SVG or ICO image')).toBeInTheDocument();
  });

  it('says when the hourly upload volume is used up', async () => {
    serve({
      'POST /me/avatar': () =>
        json(
          {
            status: 429,
            code: 'tooManyRequests',
            title: 'Too many attempts',
            detail: 'You may upload 20 MB an hour; try again in 2 min.',
            errors: [{ field: 'file', message: 'uploadVolumeExceeded' }],
          },
          429,
          { 'retry-after': '95' },
        ),
    });
    renderPage();
    const input = basicForm().querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x89, 0x50])], 'me.png')] } });
    expect(
      await screen.findByText('You have uploaded as much as you may in an hour. Try again in 2 min.'),
    ).toBeInTheDocument();
  });

  it('removes the picture', async () => {
    const user = userEvent.setup();
    serve({ 'PATCH /me': patched({ imagePath: AVATAR }) });
    renderPage({ imagePath: AVATAR });
    await user.click(within(basicForm()).getByRole('button', { name: 'Remove' }));
    expect(within(basicForm()).queryByRole('img')).not.toBeInTheDocument();
    await user.click(saveButton());
    await screen.findByText('Your profile has been saved.');
    expect(bodyOf(sent('PATCH /me')[0]).imagePath).toBeNull();
  });
});

describe('/profile/edit change password', () => {
  const current = () => within(passwordForm()).getByLabelText(/^Current password/);
  const next = () => within(passwordForm()).getByLabelText(/^New password/);
  const change = () => within(passwordForm()).getByRole('button', { name: 'Change password' });

  it('requires both the password and the current password', async () => {
    const user = userEvent.setup();
    serve({});
    renderPage();
    await user.click(change());
    expect(within(passwordForm()).getAllByText('This field is required')).toHaveLength(2);
    expect(current()).toHaveAttribute('aria-invalid', 'true');
    expect(next()).toHaveAttribute('aria-invalid', 'true');
    expect(sent('POST /auth/changepassword')).toHaveLength(0);
  });

  it('sends both, says it is done and empties the fields', async () => {
    const user = userEvent.setup();
    serve({ 'POST /auth/changepassword': () => new Response(null, { status: 204 }) });
    renderPage();
    await user.type(current(), 'Old-password-1');
    await user.type(next(), 'New-password-1');
    await user.click(change());
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    expect(bodyOf(sent('POST /auth/changepassword')[0])).toEqual({
      password: 'New-password-1',
      currentPassword: 'Old-password-1',
    });
    expect(current()).toHaveValue('');
    expect(next()).toHaveValue('');
  });

  it('marks a wrong current password and says the change failed', async () => {
    const user = userEvent.setup();
    serve({
      'POST /auth/changepassword': () =>
        json(
          {
            status: 400,
            code: 'validation',
            title: 'x',
            errors: [{ field: 'currentPassword', message: 'wrongCurrentPassword' }],
          },
          400,
        ),
    });
    renderPage();
    await user.type(current(), 'Not-my-password');
    await user.type(next(), 'New-password-1');
    await user.click(change());
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not change your password');
    expect(within(passwordForm()).getAllByText('The current password is wrong').length).toBeGreaterThan(0);
    expect(current()).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('/profile/edit: each alert is the last attempt of its form', () => {
  const validation = (field: string, message: string) => () =>
    json({ status: 400, code: 'validation', title: 'x', errors: [{ field, message }] }, 400);
  const alerts = () => screen.queryAllByRole('alert').map((a) => a.textContent);

  it('drops the failed password change alert when a later profile save fails, and the other way round', async () => {
    const user = userEvent.setup();
    serve({
      'POST /auth/changepassword': validation('currentPassword', 'wrongCurrentPassword'),
      'PATCH /me': validation('surname', 'tooLong'),
    });
    renderPage();
    const current = within(passwordForm()).getByLabelText(/^Current password/);
    await user.type(current, 'Not-my-password');
    await user.type(within(passwordForm()).getByLabelText(/^New password/), 'New-password-1');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Change password' }));
    expect(await within(passwordForm()).findByRole('alert')).toHaveTextContent('Could not change your password');

    await user.type(surnameInput(), 'x');
    await user.click(saveButton());
    expect(await within(basicForm()).findByRole('alert')).toHaveTextContent('Could not update your profile');
    expect(alerts()).toHaveLength(1);
    // The field still says what was wrong with what it holds.
    expect(current).toHaveAttribute('aria-invalid', 'true');

    await user.click(within(passwordForm()).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(within(basicForm()).queryByRole('alert')).not.toBeInTheDocument());
    expect(await within(passwordForm()).findByRole('alert')).toHaveTextContent('Could not change your password');
    expect(alerts()).toHaveLength(1);
  });

  it('drops the password-changed notice when a later profile save fails', async () => {
    const user = userEvent.setup();
    serve({
      'POST /auth/changepassword': () => new Response(null, { status: 204 }),
      'PATCH /me': validation('surname', 'tooLong'),
    });
    renderPage();
    await user.type(within(passwordForm()).getByLabelText(/^Current password/), 'Old-password-1');
    await user.type(within(passwordForm()).getByLabelText(/^New password/), 'New-password-1');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
    await user.type(surnameInput(), 'x');
    await user.click(saveButton());
    expect(await within(basicForm()).findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByText('Your password has been changed.')).not.toBeInTheDocument();
  });
});

describe('/profile/edit change password: the password rule and the limit', () => {
  const current = () => within(passwordForm()).getByLabelText(/^Current password/);
  const next = () => within(passwordForm()).getByLabelText(/^New password/);
  const change = () => within(passwordForm()).getByRole('button', { name: 'Change password' });
  const refusing = (message: string) => () =>
    json({ status: 400, code: 'validation', title: 'x', errors: [{ field: 'password', message }] }, 400);

  it('suggests 12 characters, and refuses a password of spaces before sending', async () => {
    const user = userEvent.setup();
    serve({});
    renderPage();
    expect(next()).toHaveAccessibleDescription(expect.stringContaining('12 or more is better'));
    await user.type(current(), 'Old-password-1');
    await user.type(next(), '          ');
    await user.click(change());
    expect(await within(passwordForm()).findByText('The password cannot be only spaces')).toBeInTheDocument();
    expect(sent('POST /auth/changepassword')).toHaveLength(0);
  });

  it.each([
    ['passwordTooCommon', 'This password is too common'],
    ['passwordContainsEmail', 'The password must not contain your email address'],
  ])('puts the server’s %s on the new password', async (message, text) => {
    const user = userEvent.setup();
    serve({ 'POST /auth/changepassword': refusing(message) });
    renderPage();
    await user.type(current(), 'Old-password-1');
    await user.type(next(), 'Some-new-password-1');
    await user.click(change());
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(next()).toHaveAttribute('aria-invalid', 'true');
  });

  it('says how long to wait after too many wrong current passwords (429)', async () => {
    const user = userEvent.setup();
    serve({
      'POST /auth/changepassword': () =>
        new Response(JSON.stringify({ status: 429, code: 'tooManyRequests', title: 'Too many attempts' }), {
          status: 429,
          headers: { 'content-type': 'application/problem+json', 'retry-after': '300' },
        }),
    });
    renderPage();
    await user.type(current(), 'Guess-number-11');
    await user.type(next(), 'Some-new-password-1');
    await user.click(change());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong passwords. Try again in 5 min.');
  });
});

describe('/profile/edit while impersonating', () => {
  it('says so and disables both forms', () => {
    serve({});
    renderPage({ impersonatorId: '7c2f1a9e-0d3b-4e5f-8a6b-9c0d1e2f3a4b' });
    expect(screen.getByText(/viewing the product as this user/)).toBeInTheDocument();
    expect(nameInput()).toBeDisabled();
    expect(saveButton()).toBeDisabled();
    expect(within(passwordForm()).getByRole('button', { name: 'Change password' })).toBeDisabled();
  });
});
