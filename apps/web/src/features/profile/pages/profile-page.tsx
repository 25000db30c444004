import { href } from '@atrium/contracts';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useGeneralData } from '@/shared/api/general-data';
import { useSession } from '@/shared/api/session';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import { PushSettings } from '@/shared/pwa/push-settings';
import { PageLoader } from '@/shared/ui/page-loader';
import { UserAvatar } from '@/shared/ui/user-avatar';
import classes from './profile-page.module.css';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" className={classes.fieldLabel}>
        {label}
      </Text>
      <div className={classes.fieldValue}>{children}</div>
    </div>
  );
}

/**
 * The signed-in user: header image, name, email, roles and language, with the edit link. `actions` is
 * a slot the app fills with other features' buttons (the super administrator's view-as button).
 */
export default function ProfilePage({ actions }: { actions?: React.ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  const generalData = useGeneralData().data;
  usePageTitle(t('profile.title'));
  if (session.status !== 'authenticated') return <PageLoader />;
  const { user } = session;
  const tenantName = generalData?.tenants.find((x) => x.id === user.activeTenantId)?.name;
  const languageName = t(`languages.${user.language}` as 'languages.en', { defaultValue: user.language });

  return (
    <Stack gap="lg">
      <Card withBorder radius="lg" padding={0} className={classes.card}>
        <div className={classes.cover} aria-hidden="true" />
        <div className={classes.identity}>
          <UserAvatar name={user.displayName} src={user.imagePath} size={96} className={classes.avatar} />
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="md" className={classes.identityRow}>
            <div>
              <Title order={1} className={classes.name}>
                {user.displayName}
              </Title>
              <Text c="dimmed">{user.email}</Text>
            </div>
            <Group gap="sm">
              {actions}
              <Button
                component={Link}
                to={href('profile', 'edit')}
                leftSection={<IconEdit size={16} />}
                variant="light"
              >
                {t('profile.edit')}
              </Button>
            </Group>
          </Group>
        </div>
      </Card>

      <Card withBorder radius="lg" padding="lg">
        <Title order={2} size="h4" mb="md">
          {t('profile.details')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Field label={t('profile.name')}>{user.userName || '—'}</Field>
          <Field label={t('profile.surname')}>{user.surname || '—'}</Field>
          <Field label={t('profile.email')}>{user.email}</Field>
          <Field label={t('profile.language')}>{languageName}</Field>
          <Field label={t('profile.roles')}>
            <Group gap={6}>
              {user.roles.map((role) => (
                <Badge key={role} variant="light" radius="sm">
                  {t(`roles.${role}`)}
                </Badge>
              ))}
            </Group>
          </Field>
          <Field label={t('profile.activeTenant')}>{tenantName ?? t('menu.noTenant')}</Field>
        </SimpleGrid>
      </Card>

      {/* Not while viewing as someone else: that person's pushes must not reach this device. */}
      {!user.impersonatorId && <PushSettings />}
    </Stack>
  );
}
