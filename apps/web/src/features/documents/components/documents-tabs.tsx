import { href } from '@atrium/contracts';
import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/shared/i18n/use-translation';

const TABS = [
  { value: href('documents', 'folders'), label: 'documents.tabs.folders' },
  { value: href('documents', 'foldersTypes'), label: 'documents.tabs.types' },
  { value: href('documents', 'foldersDocuments'), label: 'documents.tabs.documents' },
] as const;

/** Folders, Document types and Documents (spec part 2 §2): tab buttons that switch between the lists. */
export function DocumentsTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current =
    pathname.startsWith(href('documents', 'foldersTypes')) || pathname.startsWith(href('documents', 'types'))
      ? href('documents', 'foldersTypes')
      : pathname.startsWith(href('documents', 'foldersDocuments')) || pathname === href('documents', 'list')
        ? href('documents', 'foldersDocuments')
        : href('documents', 'folders');
  return (
    <Tabs value={current} onChange={(value) => value && navigate(value)} keepMounted={false}>
      <Tabs.List aria-label={t('documents.tabs.label')}>
        {TABS.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {t(tab.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
