import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { LoadFailed } from './load-failed';

describe('LoadFailed', () => {
  it('announces what failed and why, asks again on Try again, and offers the other ways on', async () => {
    const retry = vi.fn();
    renderWithProviders(
      <LoadFailed title="Could not load the week" message="The server did not answer." onRetry={retry}>
        <a href="/back">Back to the list</a>
      </LoadFailed>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not load the week');
    expect(alert).toHaveTextContent('The server did not answer.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back to the list' })).toBeInTheDocument();
  });
});
