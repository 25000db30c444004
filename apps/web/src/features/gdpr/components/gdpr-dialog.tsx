import { href } from '@atrium/contracts';
import { Button, Group, List, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useConfirmGdpr } from '@/features/gdpr/api/confirm-gdpr';
import { useSignOut } from '@/shared/api/auth';
import { useSession } from '@/shared/api/session';
import { useUserInfo } from '@/shared/api/user-info';
import { STORAGE_KEYS } from '@/shared/config/storage-keys';
import { PRODUCT_NAME } from '@/shared/config/ui';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ErrorAlert } from '@/shared/ui/error-alert';
import classes from './gdpr-dialog.module.css';

/**
 * The data-protection notice (spec part 2 §1, §4): it opens while the user has not confirmed it and
 * cannot be dismissed (no close button, no Escape, no click outside); confirming calls POST /me/gdpr.
 * Viewing the product as someone else never shows it. Signing out is the only other way on.
 */
export default function GdprDialog() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const info = useUserInfo();
  const user = session.status === 'authenticated' ? session.user : undefined;
  const impersonating = localStorage.getItem(STORAGE_KEYS.isImpersonatingMode) === 'true' || !!user?.impersonatorId;

  const confirm = useConfirmGdpr(user?.id);
  const leave = useSignOut({
    onSettled: () => {
      queryClient.clear();
      navigate(href('auth', 'signIn'), { replace: true });
    },
  });

  const opened = !!user && !impersonating && info.data?.gdprConfirmed === false;

  return (
    <Modal
      opened={opened}
      onClose={() => {}}
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      size="lg"
      radius="lg"
      padding="xl"
      overlayProps={{ backgroundOpacity: 0.55, blur: 3 }}
      title={
        <Group gap="md" wrap="nowrap">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconShieldLock size={26} stroke={1.6} />
          </ThemeIcon>
          <Text component="span" fw={700} fz={22} lh={1.25}>
            {t('gdpr.title')}
          </Text>
        </Group>
      }
    >
      <Stack gap="md">
        <Text>{t('gdpr.intro', { product: PRODUCT_NAME })}</Text>
        <List spacing="xs" size="sm">
          <List.Item>{t('gdpr.point1')}</List.Item>
          <List.Item>{t('gdpr.point2')}</List.Item>
          <List.Item>{t('gdpr.point3')}</List.Item>
          <List.Item>{t('gdpr.point4')}</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          {t('gdpr.outro')}
        </Text>
        {confirm.isError && <ErrorAlert>{t('gdpr.failed')}</ErrorAlert>}
        <div className={classes.actions}>
          <Button
            variant="default"
            onClick={() => leave.mutate()}
            loading={leave.isPending}
            disabled={confirm.isPending}
          >
            {t('menu.logout')}
          </Button>
          <Button
            onClick={() => confirm.mutate()}
            loading={confirm.isPending}
            disabled={leave.isPending}
            data-autofocus
          >
            {t('gdpr.confirm')}
          </Button>
        </div>
      </Stack>
    </Modal>
  );
}
