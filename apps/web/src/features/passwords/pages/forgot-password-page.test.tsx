import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { problem } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import ForgotPasswordPage from './forgot-password-page';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
});

function renderPage() {
  renderWithProviders(
    <MemoryRouter initialEntries={['/forgotpassword']}>
      <Routes>
        <Route path="/forgotpassword" element={<ForgotPasswordPage />} />
      </Routes>
    </MemoryRouter>,
  );
}
const email = () => screen.getByRole('textbox', { name: /^Email/ });
const send = () => screen.getByRole('button', { name: 'Send reset link' });

describe('/forgotpassword', () => {
  it('starts idle: the email form, and a way back to sign in', () => {
    renderPage();
    expect(screen.getByRole('heading', { name: 'Forgot your password?' })).toBeInTheDocument();
    expect(email()).toHaveValue('');
    expect(send()).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('requires a valid email and sends nothing until it has one', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click(send());
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(email()).toHaveFocus();
    await user.type(email(), 'not-an-email');
    await user.click(send());
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is processing while the request runs, then says to check your email', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    renderPage();
    await user.type(email(), '  uma@atrium.test ');
    await user.click(send());
    expect(send()).toBeDisabled();
    expect(send()).toHaveAttribute('data-loading', 'true');
    await user.click(send());
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/core/api/auth/forgotpassword');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'uma@atrium.test' });

    await act(async () => answer(new Response(null, { status: 204 })));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('If uma@atrium.test belongs to an account');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('shows the unknown-error message when sending fails, and can try again', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(problem(500, 'internal', 'boom'));
    renderPage();
    await user.type(email(), 'uma@atrium.test');
    await user.click(send());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not send the reset link');
    expect(alert).toHaveTextContent('Something went wrong. Please try again.');
    expect(alert).not.toHaveTextContent('boom');
    await waitFor(() => expect(send()).toBeEnabled());
    await user.click(send());
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
  });

  it('says to wait when the rate limit answers 429', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(problem(429, 'tooManyRequests', 'Too many'));
    renderPage();
    await user.type(email(), 'uma@atrium.test');
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Wait a few minutes');
  });

  it('says the server cannot be reached as the unknown error too', async () => {
    const user = userEvent.setup();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderPage();
    await user.type(email(), 'uma@atrium.test');
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });
});
