import { Pagination, type PaginationProps } from '@mantine/core';
import { useTranslation } from '@/shared/i18n/use-translation';

/**
 * Mantine's Pagination with a name on every control: its arrows are icons only, and a screen reader
 * would announce them as unnamed buttons.
 */
export function LabelledPagination(props: PaginationProps) {
  const { t } = useTranslation();
  return (
    <Pagination
      getControlProps={(control) => ({ 'aria-label': t(`a11y.pagination.${control}`) })}
      getItemProps={(page) => ({ 'aria-label': t('a11y.pagination.page', { page }) })}
      {...props}
    />
  );
}
