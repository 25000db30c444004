import { can, POLICIES } from '@atrium/contracts';
import { Button } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { useSession } from '@/shared/api/session';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ImpersonationDialog } from './impersonation-dialog';

/** The profile's view-as button: for super administrators, and not while already viewing as someone. */
export default function ViewAsButton({ reload = () => window.location.reload() }: { reload?: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [opened, setOpened] = useState(false);
  if (session.status !== 'authenticated') return null;
  const { user } = session;
  if (!can(user, POLICIES.superadmins) || user.impersonatorId) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconEye size={16} />} onClick={() => setOpened(true)}>
        {t('impersonation.viewAs')}
      </Button>
      <ImpersonationDialog opened={opened} onClose={() => setOpened(false)} ownId={user.id} onStarted={reload} />
    </>
  );
}
