import type { TwoFactorStatus } from '@atrium/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { TwoFactorSection } from './two-factor-section';

const OFF: TwoFactorStatus = { enabled: false, enabledAt: null, recoveryCodesLeft: 0, rememberedDevices: 0 };
const ON: TwoFactorStatus = {
  enabled: true,
  enabledAt: '2026-11-20T10:00:00.000Z',
  recoveryCodesLeft: 9,
  rememberedDevices: 1,
};
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Atrium:uma%40atrium.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Atrium',
  qrDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jk${String(i).padStart(2, '2')}`);

let calls: { key: string; body: unknown }[] = [];
function serve(handlers: Record<string, () => Response>) {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url.replace('/core/api', '')}`;
    calls.push({ key, body: init.body ? JSON.parse(init.body as string) : null });
    return handlers[key]?.() ?? json({}, 404);
  });
}

describe('the two-factor section of /profile/edit', () => {
  it('turns on: QR code and key, a first code, then the recovery codes once saved', async () => {
    const user = userEvent.setup();
    let status = OFF;
    serve({
      'GET /me/2fa': () => json(status),
      'POST /me/2fa/setup': () => json(SETUP),
      'POST /me/2fa/confirm': () => {
        status = { ...ON, recoveryCodesLeft: 10, rememberedDevices: 0 };
        return json({ recoveryCodes: CODES });
      },
    });
    renderWithProviders(<TwoFactorSection disabled={false} />);
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: 'QR code for setting up the authenticator app' })).toHaveAttribute(
      'src',
      SETUP.qrDataUrl,
    );
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent('JBSW Y3DP');
    await user.type(screen.getByRole('textbox', { name: /^Code from your app/ }), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(calls.find((c) => c.key === 'POST /me/2fa/confirm')?.body).toEqual({ code: '123456' });
    const go = screen.getByRole('button', { name: 'Continue' });
    expect(go).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'I have saved my recovery codes' }));
    await user.click(go);
    expect(await screen.findByText(/Two-factor sign-in is on\./)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/10 of 10 recovery codes left/)).toBeInTheDocument());
  });

  it('turns off with the password and a code', async () => {
    const user = userEvent.setup();
    let status = ON;
    serve({
      'GET /me/2fa': () => json(status),
      'POST /me/2fa/disable': () => {
        status = OFF;
        return new Response(null, { status: 204 });
      },
    });
    renderWithProviders(<TwoFactorSection disabled={false} />);
    expect(await screen.findByText('On since 20-11-2026. 9 of 10 recovery codes left.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await user.type(screen.getByLabelText(/^Current password/), 'Atrium-demo-1');
    await user.type(screen.getByRole('textbox', { name: /^Code from your app or a recovery code/ }), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-factor sign-in is off.')).toBeInTheDocument();
    expect(calls.find((c) => c.key === 'POST /me/2fa/disable')?.body).toEqual({
      password: 'Atrium-demo-1',
      code: '654321',
    });
    expect(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' })).toBeInTheDocument();
  });

  it('cancels a setup that was started, back to turning it on', async () => {
    const user = userEvent.setup();
    serve({ 'GET /me/2fa': () => json(OFF), 'POST /me/2fa/setup': () => json(SETUP) });
    renderWithProviders(<TwoFactorSection disabled={false} />);
    await user.click(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' }));
    await screen.findByRole('img', { name: 'QR code for setting up the authenticator app' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Turn on two-factor sign-in' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'QR code for setting up the authenticator app' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.key === 'POST /me/2fa/confirm')).toBe(false);
  });
});
