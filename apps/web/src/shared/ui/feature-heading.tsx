import type { FeatureName } from '@atrium/contracts';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { useFeatureInfo } from '@/shared/menu/use-menu';
import { RichText } from './rich-text';

/**
 * A feature's page heading: the tenant's title for the feature (as the menu shows it), the page's
 * subtitle, and the tenant's description of the feature behind an 'About …' toggle, closed at first.
 */
export function FeatureHeading({ feature, subtitle }: { feature: FeatureName; subtitle?: ReactNode }) {
  const { t } = useTranslation();
  const { title, description } = useFeatureInfo(feature);
  const [open, { toggle }] = useDisclosure(false);
  const panelId = useId();
  return (
    <Stack gap={4}>
      <Title order={1} size="h2">
        {title}
      </Title>
      {subtitle && <Text c="dimmed">{subtitle}</Text>}
      {description && (
        <>
          <Button
            variant="subtle"
            size="compact-sm"
            px={4}
            w="fit-content"
            leftSection={<IconInfoCircle size={16} aria-hidden="true" />}
            rightSection={
              <IconChevronDown
                size={14}
                aria-hidden="true"
                style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
              />
            }
            aria-expanded={open}
            aria-controls={panelId}
            onClick={toggle}
          >
            {t('menu.aboutFeature', { name: title })}
          </Button>
          {open && (
            <Paper id={panelId} withBorder radius="md" p="md" mt={4}>
              <RichText html={description} />
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}
