import { Notifications, notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { resetSessionForTests } from '@/shared/api/session';
import { renderWithProviders } from './render';

/** One call to the stubbed API: its method and its path below `/core/api`. */
export interface ApiRequest {
  method: string;
  path: string;
  url: URL;
  init: RequestInit | undefined;
}

/**
 * Stubs `fetch` with `answer`, which is given each call's method and path.
 * Returns the mock, for tests to read the calls from.
 */
export function stubApi(answer: (request: ApiRequest) => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    return answer({ method: init?.method ?? 'GET', path: url.pathname.replace('/core/api', ''), url, init });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export type ApiStub = ReturnType<typeof stubApi>;

/** Forgets the toasts and the session a page test left behind: for `afterEach`. */
export function resetPageState() {
  notifications.clean();
  resetSessionForTests();
}

/** Shows where the router went (`getByTestId('location')`) when a page navigates off its own routes. */
function Probe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/**
 * Renders `routes` in a memory router at `at` (a history whose last entry is current), with the
 * notifications host and a catch-all route that shows the path a page navigated to.
 */
export function renderRoutes(at: string | string[], routes: ReactNode) {
  return renderWithProviders(
    <MemoryRouter initialEntries={typeof at === 'string' ? [at] : at}>
      <Notifications />
      <Routes>
        {routes}
        <Route path="*" element={<Probe />} />
      </Routes>
    </MemoryRouter>,
  );
}
