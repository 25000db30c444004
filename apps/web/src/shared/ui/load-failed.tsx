import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ErrorAlert } from './error-alert';

/**
 * A read that failed: what went wrong, a button that asks again, and any other way on (children: a
 * link back to the list, say). Every page shows a failed load this way.
 */
export function LoadFailed({
  title,
  message,
  onRetry,
  children,
}: {
  title: string;
  /** Why, in the user's words (the feature's problemText). */
  message: string;
  onRetry: () => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ErrorAlert title={title}>
      <Text size="sm">{message}</Text>
      <Group mt="sm" gap="xs">
        <Button size="xs" variant="filled" color="red" onClick={onRetry}>
          {t('retry')}
        </Button>
        {children}
      </Group>
    </ErrorAlert>
  );
}
