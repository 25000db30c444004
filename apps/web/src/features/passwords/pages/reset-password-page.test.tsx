import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import ResetPasswordPage from './reset-password-page';

const ID = '0b9e7a52-3c1d-4e8f-9a6b-2c4d6e8f0a1b';
const TOKEN = 'kX3-reset_token';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
});

function renderPage(path = `/resetpassword?id=${ID}&token=${TOKEN}`) {
  renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/resetpassword" element={<ResetPasswordPage />} />
      </Routes>
    </MemoryRouter>,
  );
}
const password = () => screen.getByLabelText(/^New password/);
const save = () => screen.getByRole('button', { name: 'Save password' });
const validationProblem = (errors: { field: string; message: string }[]) =>
  json(
    { type: 'about:blank', title: 'Your request has invalid fields', status: 400, code: 'validation', errors },
    400,
    {
      'content-type': 'application/problem+json',
    },
  );

describe('/resetpassword', () => {
  it('has one new-password field and no errors while idle', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    expect(screen.getAllByLabelText(/password/i).filter((el) => el.tagName === 'INPUT')).toHaveLength(1);
    expect(password()).toHaveAttribute('type', 'password');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('requires the new password and checks its length before sending', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(save());
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    await user.type(password(), 'short');
    await user.click(save());
    expect(screen.getByText('The password must have at least 8 characters')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends id, token and the password; success shows a message and a link to /signin', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.type(password(), 'A-new-password-1');
    await user.click(save());
    expect(await screen.findByRole('heading', { name: 'Your password has been changed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/core/api/auth/resetpassword');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ id: ID, token: TOKEN, password: 'A-new-password-1' });
  });

  it('returns to idle after a failure and shows the returned errors above the form', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(validationProblem([{ field: 'token', message: 'invalidOrExpiredResetLink' }]));
    renderPage();
    await user.type(password(), 'A-new-password-1');
    await user.click(save());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not change your password');
    expect(alert).toHaveTextContent('This reset link is invalid or has expired. Ask for a new one.');
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute('href', '/forgotpassword');
    // Idle again: the form is there, empty and usable; the alert comes before it.
    expect(password()).toHaveValue('');
    await waitFor(() => expect(save()).toBeEnabled());
    expect(alert.compareDocumentPosition(password()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('lists several returned errors', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(
      validationProblem([
        { field: 'token', message: 'invalidOrExpiredResetLink' },
        { field: 'password', message: 'passwordTooLong' },
      ]),
    );
    renderPage();
    await user.type(password(), 'A-new-password-1');
    await user.click(save());
    const items = await screen.findAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'This reset link is invalid or has expired. Ask for a new one.',
      'The password is too long',
    ]);
  });

  it('says why the password is refused: too common, holds the email, only spaces', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(password()).toHaveAccessibleDescription(expect.stringContaining('12 or more is better'));
    await user.type(password(), ' '.repeat(10));
    await user.click(save());
    expect(screen.getByText('The password cannot be only spaces')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(
      validationProblem([
        { field: 'password', message: 'passwordTooCommon' },
        { field: 'password', message: 'passwordContainsEmail' },
      ]),
    );
    await user.clear(password());
    await user.type(password(), 'Password123');
    await user.click(save());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This password is too common: it is on lists attackers try first.');
    expect(alert).toHaveTextContent('The password must not contain your email address');
  });

  it('says a link without id or token is incomplete and sends nothing', async () => {
    renderPage('/resetpassword?id=only-the-id');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is incomplete');
    expect(save()).toBeDisabled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
