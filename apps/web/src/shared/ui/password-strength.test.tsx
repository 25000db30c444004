import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PasswordStrength } from './password-strength';

describe('PasswordStrength', () => {
  it('shows nothing before a password is typed', () => {
    renderWithProviders(<PasswordStrength password="" />);
    expect(screen.queryByTestId('password-strength')).not.toBeInTheDocument();
  });

  it("rates a repeated character as very weak and gives zxcvbn's reasons in words", async () => {
    renderWithProviders(<PasswordStrength password="aaaaaaaa" />);
    expect(await screen.findByText(/Very weak · choose a stronger password/)).toBeInTheDocument();
    expect(screen.getByText('Repeated characters like "aaa" are easy to guess.')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Strength' })).toBeInTheDocument();
  });

  it('counts the account’s own details as guessed', async () => {
    const { unmount } = renderWithProviders(<PasswordStrength password="jensenharbour" />);
    expect(await screen.findByText('Strength: Good')).toBeInTheDocument();
    unmount();
    renderWithProviders(<PasswordStrength password="jensenharbour" email="maria@jensen-harbour.example" />);
    expect(await screen.findByText(/choose a stronger password/)).toBeInTheDocument();
  });

  it('rates a long uncommon password as strong, with no advice', async () => {
    renderWithProviders(<PasswordStrength password="Quiet-river-stone-4" />);
    expect(await screen.findByText('Strength: Strong')).toBeInTheDocument();
    expect(screen.queryByText(/stronger password/)).not.toBeInTheDocument();
  });
});
