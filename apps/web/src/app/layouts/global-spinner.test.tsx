import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { GlobalSpinner } from './global-spinner';

/** A query that never answers, as a request waiting for a network that is gone. */
function Waiting() {
  useQuery({ queryKey: ['waiting'], queryFn: () => new Promise(() => {}) });
  return <GlobalSpinner />;
}

const setOnline = (online: boolean) => {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
};

afterEach(() => setOnline(true));

describe('GlobalSpinner', () => {
  it('spins while a request is under way, and not while the browser is offline', async () => {
    renderWithProviders(<Waiting />);
    expect(await screen.findByLabelText(/Loading/)).toBeInTheDocument();
    act(() => setOnline(false));
    expect(screen.queryByLabelText(/Loading/)).not.toBeInTheDocument();
    act(() => setOnline(true));
    expect(await screen.findByLabelText(/Loading/)).toBeInTheDocument();
  });
});
