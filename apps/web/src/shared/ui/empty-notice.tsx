import { EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';

/** Nothing to show (an empty list, no match, no tenant chosen): an icon, a title and a line on why. */
export function EmptyNotice({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return <EmptyState variant="light" icon={icon} title={title} description={text} py="xl" />;
}
