import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OFFICE_RETURN_URL_KEY } from '@/features/auth/api/office365';
import { getSession, resetSessionForTests } from '@/shared/api/session';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { setLanguage } from '@/shared/i18n/i18n';
import { browserNavigation } from '@/shared/routing/browser-navigation';
import { authResult, json, problem } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import SignInPage from './sign-in-page';

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderSignIn(path = '/signin?returnUrl=%2Fusers') {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/signin" element={<SignInPage />} />
        <Route path="/signin/:error" element={<SignInPage />} />
        <Route path="*" element={<Probe />} />
      </Routes>
    </MemoryRouter>,
  );
}

const email = () => screen.getByRole('textbox', { name: /^Email/ });
const password = () => screen.getByLabelText(/^Password/);
const submit = () => screen.getByRole('button', { name: 'Sign in' });

const OFFICE_OFF = { enabled: false, tenantId: null, clientId: null, url: null, scope: null, hostPattern: null };
const officeOn = (hostPattern: string | null = null) => ({
  enabled: true,
  tenantId: 'contoso-tenant',
  clientId: 'atrium-client',
  url: `https://login.example/authorize?state=s${Math.random()}`,
  scope: 'openid profile email',
  hostPattern,
});

/** Answers of POST /auth/login; GET /auth/office is answered by `office`. */
type Fetch = (url: string, init?: RequestInit) => Promise<Response>;
let fetchMock: ReturnType<typeof vi.fn<Fetch>>;
let office: ReturnType<typeof vi.fn<Fetch>>;
beforeEach(() => {
  resetSessionForTests({ status: 'anonymous' });
  fetchMock = vi.fn<Fetch>();
  office = vi.fn<Fetch>(async () => json(OFFICE_OFF));
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) =>
    url.endsWith('/auth/office') ? office(url, init) : fetchMock(url, init),
  );
});
afterEach(() => sessionStorage.clear());

async function fillAndSubmit(
  user: ReturnType<typeof userEvent.setup>,
  mail = 'user@atrium.test',
  pass = 'Atrium-demo-1',
) {
  await user.type(email(), mail);
  await user.type(password(), pass);
  await user.click(submit());
}

describe('/signin', () => {
  it("has the title 'welcomeAgain', the fields, remember me and the forgot-password link", () => {
    renderSignIn();
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome again' })).toBeInTheDocument();
    expect(email()).toHaveAttribute('type', 'email');
    expect(password()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/forgotpassword');
  });

  it('refuses an empty form without calling the server, marks the fields and focuses the first', async () => {
    const user = userEvent.setup();
    renderSignIn();
    await user.click(submit());
    expect(screen.getAllByText('This field is required')).toHaveLength(2);
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveAccessibleDescription('This field is required');
    expect(email()).toHaveAccessibleDescription('This field is required');
    expect(email()).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('marks an invalid email once the field has been touched, not before', async () => {
    const user = userEvent.setup();
    renderSignIn();
    await user.type(email(), 'not-an-email');
    expect(email()).not.toHaveAttribute('aria-invalid', 'true');
    await user.tab();
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
    // Fixing it clears the mark.
    await user.clear(email());
    await user.type(email(), 'user@atrium.test');
    await user.tab();
    expect(email()).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderSignIn();
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password()).toHaveAttribute('type', 'password');
  });

  it('disables the button and shows a spinner while signing in', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    renderSignIn();
    await fillAndSubmit(user);
    const button = submit();
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('data-loading', 'true');
    // A second press sends nothing more.
    await user.click(button);
    expect(fetchMock).toHaveBeenCalledOnce();
    await act(async () => answer(problem(401, 'invalidCredentials', 'Wrong email or password')));
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it('shows a failed sign-in in an alert and as the tooltip of the title', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(problem(401, 'invalidCredentials', 'Wrong email or password'));
    renderSignIn();
    await fillAndSubmit(user, 'user@atrium.test', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Wrong email or password');
    expect(alert).toHaveFocus();
    await user.hover(screen.getByRole('heading', { name: 'Welcome again' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Wrong email or password');
    expect(getSession().status).toBe('anonymous');
    expect(screen.queryByTestId('location')).not.toBeInTheDocument();
  });

  it('tells a locked-out user how long to wait', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(problem(429, 'tooManyRequests', 'Too many', { 'retry-after': '540' }));
    renderSignIn();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Try again in 9 min.');
  });

  it('says so when the server cannot be reached', async () => {
    const user = userEvent.setup();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderSignIn();
    await fillAndSubmit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server');
  });

  it('signs in and goes on to the active-tenant page, keeping the returnUrl', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(authResult({ isSuperadmin: true, roles: ['Superadmin'] })), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    renderSignIn();
    await user.type(email(), '  user@atrium.test ');
    await user.type(password(), 'Atrium-demo-1');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(submit());

    expect(await screen.findByTestId('location')).toHaveTextContent('/active-tenant-page?returnUrl=%2Fusers');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/core/api/auth/login');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({
      email: 'user@atrium.test',
      password: 'Atrium-demo-1',
      rememberMe: true,
    });
    const session = getSession();
    expect(session.status).toBe('authenticated');
    expect(localStorage.getItem(STORAGE_KEYS.isSuperadmin)).toBe('true');
  });

  it("uses '/' as the returnUrl when none is given, and never another site", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify(authResult()), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    renderSignIn('/signin?returnUrl=%2F%2Fevil.test');
    await fillAndSubmit(user);
    expect(await screen.findByTestId('location')).toHaveTextContent('/active-tenant-page?returnUrl=%2F');
  });

  it('shows the Microsoft 365 failure on /signin/:error', () => {
    renderSignIn('/signin/microsoftLoginFailed');
    expect(screen.getByRole('alert')).toHaveTextContent('Could not login by microsoft 365');
  });

  it.each(['office365', 'madeUpCode', '%3Cscript%3E'])(
    'shows a plain sign-in failure, not the Microsoft 365 one, on /signin/%s',
    (code) => {
      renderSignIn(`/signin/${code}`);
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent('Sign-in did not succeed. Please sign in again.');
      expect(alert).not.toHaveTextContent(/microsoft/i);
      expect(alert).not.toHaveTextContent('script');
    },
  );
});

describe('/signin/:error after a failed Microsoft 365 sign-in', () => {
  it("shows the spec's message and 'alreadyLoginedByAnotherMicrosoftAccount' translated in the error alert", () => {
    renderSignIn('/signin/alreadyLoginedByAnotherMicrosoftAccount');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'Could not login by microsoft 365, please click Go back button on your browser, log out of Microsoft services and try again',
    );
    expect(alert).toHaveTextContent('This account is already linked to another Microsoft account.');
  });

  it('lists every reason it has words for, and never echoes anything else from the address', () => {
    renderSignIn('/signin/invalidState,access_denied,%3Cscript%3E,madeUpCode');
    const items = within(screen.getByRole('alert'))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'The sign-in expired or was started in another window.',
      'The sign-in was cancelled or permission was not given.',
    ]);
    expect(screen.getByRole('alert')).not.toHaveTextContent('script');
    expect(screen.getByRole('alert')).not.toHaveTextContent('madeUpCode');
  });

  it('says so in Danish when the code is not a Microsoft 365 one', async () => {
    await setLanguage('da');
    try {
      renderSignIn('/signin/office365');
      expect(screen.getByRole('alert')).toHaveTextContent('Login lykkedes ikke. Log venligst ind igen.');
    } finally {
      await setLanguage('en');
    }
  });

  it('is shown in Danish for a Danish user', async () => {
    await setLanguage('da');
    try {
      renderSignIn('/signin/noAccountForMicrosoftUser');
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Der findes ingen konto med denne Microsoft-kontos e-mailadresse.',
      );
    } finally {
      await setLanguage('en');
    }
  });
});

describe('the Microsoft 365 button on /signin', () => {
  const button = () => screen.queryByRole('button', { name: 'Sign in with Microsoft 365' });

  it('is not there when single sign-on is not configured', async () => {
    renderSignIn();
    await waitFor(() => expect(office).toHaveBeenCalled());
    await act(async () => {});
    expect(button()).not.toBeInTheDocument();
  });

  it('is not there when the host does not match the configured pattern', async () => {
    office.mockImplementation(async () => json(officeOn('^atrium\\.example\\.com$')));
    renderSignIn();
    await waitFor(() => expect(office).toHaveBeenCalled());
    await act(async () => {});
    expect(button()).not.toBeInTheDocument();
  });

  it('still shows when the app clears its query cache while the settings are on their way', async () => {
    // On a fresh page the session check answers "nobody signed in" and the app clears its cache.
    let answer: (response: Response) => void = () => {};
    office.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { queryClient } = renderSignIn();
    await waitFor(() => expect(office).toHaveBeenCalled());
    await act(async () => queryClient.clear());
    await act(async () => answer(json(officeOn())));
    expect(await screen.findByRole('button', { name: 'Sign in with Microsoft 365' })).toBeInTheDocument();
  });

  it('is there on a matching host; a click asks for a fresh URL, keeps the returnUrl and goes to the provider', async () => {
    const user = userEvent.setup();
    const assign = vi.spyOn(browserNavigation, 'assign').mockImplementation(() => {});
    const fresh = officeOn('^local');
    office.mockImplementationOnce(async () => json(officeOn('^local'))).mockImplementationOnce(async () => json(fresh));
    renderSignIn('/signin?returnUrl=%2Fprofile');
    await user.click(await screen.findByRole('button', { name: 'Sign in with Microsoft 365' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(fresh.url));
    expect(office).toHaveBeenCalledTimes(2);
    expect(sessionStorage.getItem(OFFICE_RETURN_URL_KEY)).toBe('/profile');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('two-factor sign-in (issue 31)', () => {
  it('asks for the code after the password, then signs in; no session before the code', async () => {
    const user = userEvent.setup();
    fetchMock
      .mockResolvedValueOnce(json({ twoFactor: 'code', challenge: 'challenge-1' }))
      .mockResolvedValueOnce(json(authResult()));
    renderSignIn();
    await fillAndSubmit(user);
    const code = await screen.findByRole('textbox', { name: /^Code from your app/ });
    expect(getSession().status).toBe('anonymous');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    // Too short: said at the field, nothing sent.
    await user.type(code, '12a3');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(code).toHaveValue('123');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await user.type(code, '456');
    await user.click(screen.getByRole('checkbox', { name: 'Remember this device for 30 days' }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/active-tenant-page'));
    const [url, init] = fetchMock.mock.calls[1]!;
    expect(url).toContain('/auth/login/2fa');
    expect(JSON.parse(init!.body as string)).toEqual({
      challenge: 'challenge-1',
      code: '123456',
      rememberDevice: true,
    });
    expect(getSession().status).toBe('authenticated');
  });

  it('takes a recovery code instead, and says when the code is wrong', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(json({ twoFactor: 'code', challenge: 'challenge-2' })).mockResolvedValueOnce(
      new Response(
        JSON.stringify({
          type: 'about:blank',
          title: 'Your request has invalid fields',
          status: 400,
          code: 'validation',
          detail: 'invalidCode',
          errors: [{ field: 'code', message: 'invalidCode' }],
        }),
        { status: 400, headers: { 'content-type': 'application/problem+json' } },
      ),
    );
    renderSignIn();
    await fillAndSubmit(user);
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    const code = screen.getByRole('textbox', { name: /^Recovery code/ });
    await user.type(code, 'abcd-efgh-jkmn');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is not right');
    expect(JSON.parse(fetchMock.mock.calls[1]![1]!.body as string).code).toBe('abcd-efgh-jkmn');
    expect(getSession().status).toBe('anonymous');
  });
});
