import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageLoader } from '@/shared/ui/page-loader';
import { Heading } from './heading';

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
      <Heading level={1} title={title} hint={subtitle} />
      {failure || (loading ? <PageLoader /> : children)}
    </Stack>
  );
}
