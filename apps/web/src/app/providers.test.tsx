import { PasswordInput } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { setLanguage } from '@/shared/i18n/i18n';
import { createTestQueryClient } from '@/test/render';

afterEach(async () => {
  await act(() => setLanguage('en'));
});

describe('the app’s providers', () => {
  it('name every toast’s close button, in the user’s language', async () => {
    render(
      <AppProviders queryClient={createTestQueryClient()} env="test">
        <Notifications />
      </AppProviders>,
    );
    act(() => {
      notifications.show({ message: 'Saved', autoClose: false });
    });
    expect(await screen.findByRole('button', { name: 'Close the notice' })).toBeTruthy();

    await act(() => setLanguage('da'));
    expect(await screen.findByRole('button', { name: 'Luk beskeden' })).toBeTruthy();
  });

  it('name every password field’s show/hide button, in the user’s language', async () => {
    render(
      <AppProviders queryClient={createTestQueryClient()} env="test">
        <PasswordInput label="Password" />
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'false');
    await act(() => setLanguage('da'));
    expect(await screen.findByRole('button', { name: 'Vis adgangskode' })).toBeTruthy();
  });
});
