import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A period (a week, a month) between arrows to the one before and the one after; its text is announced. */
export function PeriodStepper({
  period,
  testId,
  minWidth,
  previousLabel,
  nextLabel,
  onStep,
}: {
  period: ReactNode;
  testId: string;
  minWidth: number;
  previousLabel: string;
  nextLabel: string;
  onStep: (by: 1 | -1) => void;
}) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Tooltip label={previousLabel}>
        <ActionIcon variant="default" size="lg" aria-label={previousLabel} onClick={() => onStep(-1)}>
          <IconChevronLeft size={18} />
        </ActionIcon>
      </Tooltip>
      <Text fw={600} miw={minWidth} ta="center" aria-live="polite" data-testid={testId}>
        {period}
      </Text>
      <Tooltip label={nextLabel}>
        <ActionIcon variant="default" size="lg" aria-label={nextLabel} onClick={() => onStep(1)}>
          <IconChevronRight size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
