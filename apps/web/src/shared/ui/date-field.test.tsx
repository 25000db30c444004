import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/shared/i18n/i18n';
import { renderWithProviders } from '@/test/render';
import { DateField } from './date-field';

function Field({ initial, onChange }: { initial: string; onChange: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="Start"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('DateField', () => {
  it('shows and reads dd-MM-yyyy, and hands on YYYY-MM-DD', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Field initial="2026-11-23" onChange={onChange} />);
    const input = screen.getByLabelText('Start');
    expect(input).toHaveValue('23-11-2026');
    await userEvent.clear(input);
    await userEvent.type(input, '05-01-2026{Escape}');
    expect(onChange).toHaveBeenLastCalledWith('2026-01-05');
  });

  it('names months and weekdays in Danish, Monday first, for a Danish user', async () => {
    await act(() => setLanguage('da'));
    try {
      renderWithProviders(<Field initial="2026-11-23" onChange={() => {}} />);
      await userEvent.click(screen.getByLabelText('Start'));
      expect(await screen.findByText('november 2026')).toBeInTheDocument();
      const weekdays = screen.getAllByRole('columnheader').map((th) => th.textContent);
      expect(weekdays[0]).toBe('ma.');
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('names them in British English, Monday first, for an English user', async () => {
    renderWithProviders(<Field initial="2026-11-23" onChange={() => {}} />);
    await userEvent.click(screen.getByLabelText('Start'));
    expect(await screen.findByText('November 2026')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader')[0]).toHaveTextContent('Mo');
  });
});
