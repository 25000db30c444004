import { MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useGeneralData } from '@/shared/api/general-data';
import { styleNonce } from '@/shared/csp/style-nonce';
import { useTranslation } from '@/shared/i18n/use-translation';
import { buildTheme, tenantCssVariables } from '@/shared/theme/theme';
import { useUiState } from '@/shared/ui-state/ui-state';

/** Mantine with the active tenant's colours and font, in the colour scheme the user chose. */
function TenantTheme({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  const darkMode = useUiState((s) => s.darkMode);
  const custom = useGeneralData().data?.customTenantProperties;
  const { t } = useTranslation();
  const closeNotice = t('a11y.closeNotice');
  const showPassword = t('showPassword');
  const key = JSON.stringify(custom ?? null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised key stands for `custom`
  const theme = useMemo(() => buildTheme(custom, closeNotice, showPassword), [key, closeNotice, showPassword]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the serialised key stands for `custom`
  const resolver = useMemo(() => tenantCssVariables(custom), [key]);

  const appThemeColor = custom?.appThemeColor;
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name="theme-color"]');
    if (meta) meta.content = appThemeColor ?? (darkMode ? '#1f1f1f' : '#ffffff');
  }, [appThemeColor, darkMode]);

  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={resolver}
      forceColorScheme={darkMode ? 'dark' : 'light'}
      getStyleNonce={styleNonce}
      env={env}
    >
      {children}
    </MantineProvider>
  );
}

export function AppProviders({
  queryClient,
  children,
  env,
}: {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals' delays in component tests. */
  env?: 'default' | 'test';
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <TenantTheme env={env}>{children}</TenantTheme>
    </QueryClientProvider>
  );
}
