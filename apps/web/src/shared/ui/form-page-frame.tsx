import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageLoader } from '@/shared/ui/page-loader';

/**
 * A form page: its heading with a line under it, then a loader while its records load, the view of a
 * failed load (the feature's own, with its retry), or the form.
 */
export function FormPageFrame({
  title,
  subtitle,
  width = 720,
  loading,
  failure,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  width?: number;
  loading: boolean;
  /** Shown instead of the form when a record failed to load. */
  failure?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap="lg" maw={width}>
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        {subtitle && (
          <Text c="dimmed" size="sm" mt={4}>
            {subtitle}
          </Text>
        )}
      </div>
      {failure || (loading ? <PageLoader /> : children)}
    </Stack>
  );
}
