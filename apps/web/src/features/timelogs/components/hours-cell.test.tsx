import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { HoursCell } from './hours-cell';

function renderCell(value = 0) {
  const onSave = vi.fn(async (_hours: number) => {});
  renderWithProviders(
    <HoursCell
      value={value}
      label="Design, Mon 23/11"
      row={0}
      col={0}
      onSave={onSave}
      onMove={() => false}
      onDraft={() => {}}
    />,
  );
  return { onSave, input: screen.getByRole('textbox', { name: 'Design, Mon 23/11' }) };
}

// The spec's hours cell (part 2 §5), keystroke by keystroke: what stays in the cell, what is sent.
describe('HoursCell', () => {
  it.each([
    ['7', '7', 7],
    ['7,5', '7,5', 7.5],
    ['7.25', '7.25', 7.25],
    ['7.255', '7.25', 7.25],
    ['7,5,5', '7,55', 7.55],
    ['7..5', '7.5', 7.5],
    ['123', '12', 12],
    ['24', '24', 23.99],
    ['99.99', '99.99', 23.99],
    ['abc', '', null],
    ['-3', '3', 3],
    ['1e2', '12', 12],
    [',5', ',5', 0.5],
  ])('typing %j keeps %j and saves %j', async (typed, kept, saved) => {
    const { onSave, input } = renderCell();
    await userEvent.click(input);
    await userEvent.keyboard(typed);
    expect(input).toHaveValue(kept);
    await userEvent.tab();
    if (saved === null) {
      expect(onSave).not.toHaveBeenCalled();
    } else {
      await waitFor(() => expect(onSave).toHaveBeenCalledWith(saved));
      // What the server stores is shown: a dot, the clamp, no trailing separator.
      await waitFor(() => expect(input).toHaveValue(String(saved)));
    }
  });

  it('says so when a keystroke is not taken (a second separator), instead of dropping it silently', async () => {
    const { input } = renderCell();
    await userEvent.click(input);
    await userEvent.keyboard('1.2');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await userEvent.keyboard('.');
    expect(input).toHaveValue('1.2');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Not taken: hours are digits with one dot or comma and at most two decimals.',
    );
    // The note goes with the next keystroke that is taken, or when the cell is left.
    await userEvent.keyboard('5');
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('saves nothing when the value did not change, and 0 when the cell is cleared', async () => {
    const { onSave, input } = renderCell(7.5);
    expect(input).toHaveValue('7.5');
    await userEvent.click(input);
    await userEvent.tab();
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.click(input);
    await userEvent.keyboard('{Backspace}');
    await userEvent.tab();
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(0));
    expect(input).toHaveValue('');
  });
});
