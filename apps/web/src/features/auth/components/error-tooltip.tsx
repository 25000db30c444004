import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/** The error text as a tooltip on the form title (spec part 1 §4 and §8). */
export default function ErrorTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip
      label={label}
      multiline
      maw={320}
      position="bottom-start"
      color="red"
      withArrow
      events={{ hover: true, focus: true, touch: true }}
    >
      {children}
    </Tooltip>
  );
}
