import { Loader, type LoaderProps } from '@mantine/core';

/**
 * A spinner that screen readers announce by its label. Mantine's Loader is a bare span, and a label
 * on an element without a role is not read (axe's aria-prohibited-attr), so the role comes with it.
 */
export function Spinner({ label, ...props }: Omit<LoaderProps, 'role' | 'aria-label'> & { label: string }) {
  return <Loader role="status" aria-label={label} {...props} />;
}
