import { Text } from '@mantine/core';
import { PRODUCT_NAME } from '@/shared/config/ui';
import { useTranslation } from '@/shared/i18n/use-translation';

/** "© <year> Atrium", as the inner layout's footer shows it. */
export function ProductFooter({ year = new Date().getFullYear() }: { year?: number }) {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="dimmed" ta="center">
      {t('footer', { year, product: PRODUCT_NAME })}
    </Text>
  );
}
