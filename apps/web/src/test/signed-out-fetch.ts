import { afterEach, beforeEach, vi } from 'vitest';
import { resetSessionForTests } from '@/shared/api/session';

/**
 * Each test of the file starts and ends signed out, with fetch a mock answering nothing until told.
 * Answers the mock (one for the file, reset before each test) and the calls made on it as `METHOD url`.
 */
export function signedOutWithFetchMock() {
  const fetchMock = vi.fn();
  beforeEach(() => {
    resetSessionForTests({ status: 'anonymous' });
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    resetSessionForTests({ status: 'anonymous' });
  });
  const calls = () => fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit)?.method ?? 'GET'} ${url}`);
  return { fetchMock, calls };
}
