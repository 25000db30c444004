import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptAuthResult, endSession, resetSessionForTests } from '@/shared/api/session';
import { authResult } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { startHub } from './hub-connection';
import { useHubConnection } from './use-hub-connection';

vi.mock('./hub-connection', () => ({ startHub: vi.fn() }));

const UMA = 'affd95ac-3933-4c04-8d50-2a9d6c59fcda';
const ADA = '0c5e7a9b-1d3f-4e5a-8b7c-9d0e1f2a3b4c';

const queryClient = createTestQueryClient();
const navigate = vi.fn();
function Probe() {
  useHubConnection({ queryClient, navigate });
  return null;
}

const started = vi.mocked(startHub);
let stops: ReturnType<typeof vi.fn>[];

beforeEach(() => {
  vi.useFakeTimers();
  stops = [];
  started.mockReset();
  started.mockImplementation(() => {
    const stop = vi.fn(async () => {});
    stops.push(stop);
    return stop;
  });
  resetSessionForTests({ status: 'loading' });
});

/** Lets the timer fire and the lazily imported client module resolve. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('useHubConnection', () => {
  it('starts the connection 3000 ms after sign-in, not before', async () => {
    render(<Probe />);
    act(() => acceptAuthResult(authResult({ id: UMA })));
    await wait(2999);
    expect(started).not.toHaveBeenCalled();
    await wait(1);
    await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(1));
    const deps = started.mock.calls[0]![0];
    expect(deps.queryClient).toBe(queryClient);
    deps.navigate('/home');
    expect(navigate).toHaveBeenCalledWith('/home', undefined);
  });

  it('starts after a page load that finds a live session, and never while nobody is signed in', async () => {
    const { unmount } = render(<Probe />);
    await wait(10_000);
    expect(started).not.toHaveBeenCalled();
    unmount();

    acceptAuthResult(authResult({ id: UMA }));
    render(<Probe />);
    await wait(3000);
    await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(1));
  });

  it('stops on sign-out and starts one new connection, 3 s later, for the next user', async () => {
    render(<Probe />);
    act(() => acceptAuthResult(authResult({ id: UMA })));
    await wait(3000);
    await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(1));

    // A renewed token for the same user keeps the connection.
    act(() => acceptAuthResult(authResult({ id: UMA })));
    await wait(5000);
    expect(started).toHaveBeenCalledTimes(1);
    expect(stops[0]).not.toHaveBeenCalled();

    act(() => endSession({ sessionOver: false }));
    expect(stops[0]).toHaveBeenCalledTimes(1);

    act(() => acceptAuthResult(authResult({ id: ADA })));
    await wait(2999);
    expect(started).toHaveBeenCalledTimes(1);
    await wait(1);
    await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(2));
  });

  it('does not start when the session ends within the 3 s', async () => {
    render(<Probe />);
    act(() => acceptAuthResult(authResult({ id: UMA })));
    await wait(1000);
    act(() => endSession({ sessionOver: false }));
    await wait(10_000);
    expect(started).not.toHaveBeenCalled();
  });
});
