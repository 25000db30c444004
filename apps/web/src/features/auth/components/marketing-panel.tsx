import { List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from '@/shared/i18n/use-translation';
import classes from './marketing-panel.module.css';

/** The sign-in page's side panel; shown from 1200px wide. */
export function MarketingPanel() {
  const { t } = useTranslation();
  return (
    <aside className={classes.root} aria-label={t('marketing.eyebrow')}>
      <div className={classes.glow} aria-hidden="true" />
      <Stack gap="lg" className={classes.content}>
        <Text className={classes.eyebrow}>{t('marketing.eyebrow')}</Text>
        <Title order={2} className={classes.title}>
          {t('marketing.title')}
        </Title>
        <Text className={classes.text}>{t('marketing.text')}</Text>
        <List
          spacing="sm"
          center
          icon={
            <ThemeIcon size={24} radius="xl" color="rgba(255,255,255,0.16)" c="white" autoContrast={false}>
              <IconCheck size={14} stroke={2.4} />
            </ThemeIcon>
          }
          className={classes.list}
        >
          <List.Item>{t('marketing.point1')}</List.Item>
          <List.Item>{t('marketing.point2')}</List.Item>
          <List.Item>{t('marketing.point3')}</List.Item>
        </List>
      </Stack>
      <div className={classes.preview} aria-hidden="true">
        <div className={classes.previewBar} />
        <div className={classes.previewRow}>
          <span className={classes.previewTile} />
          <span className={classes.previewTile} />
          <span className={classes.previewTile} />
        </div>
        <div className={classes.previewLine} />
        <div className={classes.previewLineShort} />
      </div>
    </aside>
  );
}
