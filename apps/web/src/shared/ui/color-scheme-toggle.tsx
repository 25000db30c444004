import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { setUiState, useUiState } from '@/shared/ui-state/ui-state';

/**
 * Switches between light and dark mode; the choice is kept in the persisted UI state. It sits on the
 * sign-in page too, so it uses the native title rather than a floating tooltip (budget).
 */
export function ColorSchemeToggle(props: ActionIconProps) {
  const { t } = useTranslation();
  const darkMode = useUiState((s) => s.darkMode);
  const label = darkMode ? t('menu.lightMode') : t('menu.darkMode');
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="lg"
      aria-label={label}
      title={label}
      onClick={() => setUiState({ darkMode: !darkMode })}
      {...props}
    >
      {darkMode ? <IconSun size={19} stroke={1.7} /> : <IconMoon size={19} stroke={1.7} />}
    </ActionIcon>
  );
}
