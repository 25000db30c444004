import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../../shared/api/session';
import { usePageTitle } from '../../../shared/hooks/use-page-title';
import { PageLoader } from '../../../shared/ui/page-loader';

/**
 * /profile/edit. Saving the profile and changing the password are not built yet, so the page shows
 * the current details read-only and says so.
 */
export default function ProfileEditPage() {
  const { t } = useTranslation();
  const session = useSession();
  usePageTitle(t('profile.editTitle'));
  if (session.status !== 'authenticated') return <PageLoader />;
  const { user } = session;

  return (
    <Stack gap="lg" maw={720}>
      <Title order={1} size="h2">
        {t('profile.editTitle')}
      </Title>
      <Alert variant="light" color="blue" icon={<IconInfoCircle size={20} />}>
        {t('profile.editUnavailable')}
      </Alert>
      <Card withBorder radius="lg" padding="lg">
        <fieldset disabled style={{ border: 0, padding: 0, margin: 0 }}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('profile.name')} value={user.userName} readOnly disabled />
            <TextInput label={t('profile.surname')} value={user.surname} readOnly disabled />
            <TextInput label={t('profile.email')} value={user.email} readOnly disabled />
            <Select
              label={t('profile.language')}
              value={user.language}
              data={[
                { value: 'en', label: t('languages.en') },
                { value: 'da', label: t('languages.da') },
              ]}
              disabled
            />
          </SimpleGrid>
        </fieldset>
      </Card>
      <Group>
        <Button component={Link} to="/profile" variant="default">
          {t('profile.title')}
        </Button>
      </Group>
    </Stack>
  );
}
