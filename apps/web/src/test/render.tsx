import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { buildTheme } from '@/shared/theme/theme';

export function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

/** Renders with the providers the app has (Mantine, TanStack Query); routers are up to each test. */
export function renderWithProviders(ui: ReactElement, { queryClient = createTestQueryClient() } = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={buildTheme(null)} env="test">
        {children}
      </MantineProvider>
    </QueryClientProvider>
  );
  return { queryClient, ...render(ui, { wrapper }) };
}

/** Sets the viewport width the matchMedia stub answers for. */
export function setViewportWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
}
