import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A heading and the dimmed line under it: a page's (level 1, as large as h2) or a part's (level 2, as h4). */
export function Heading({
  level,
  title,
  hint,
  live,
}: {
  level: 1 | 2;
  title: ReactNode;
  hint?: ReactNode;
  /** The line changes (a live count) and screen readers are told: it is there from the start. */
  live?: boolean;
}) {
  return (
    <div>
      <Title order={level} size={level === 1 ? 'h2' : 'h4'}>
        {title}
      </Title>
      {(live || hint) && (
        <Text c="dimmed" size="sm" mt={4} aria-live={live ? 'polite' : undefined}>
          {hint}
        </Text>
      )}
    </div>
  );
}
