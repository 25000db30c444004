import { Tabs } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '@/shared/i18n/use-translation';

const TABS = [
  { value: '/folders', label: 'documents.tabs.folders' },
  { value: '/folders/documenttype', label: 'documents.tabs.types' },
  { value: '/folders/documents', label: 'documents.tabs.documents' },
] as const;

/** Folders, Document types and Documents (spec part 2 §2): tab buttons that switch between the lists. */
export function DocumentsTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current =
    pathname.startsWith('/folders/documenttype') || pathname.startsWith('/admin/documents/documenttypes')
      ? '/folders/documenttype'
      : pathname.startsWith('/folders/documents') || pathname === '/admin/documents'
        ? '/folders/documents'
        : '/folders';
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
