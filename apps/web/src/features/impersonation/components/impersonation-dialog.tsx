import { can, POLICIES } from '@atrium/contracts';
import { Select, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { useImpersonationTenants } from '@/features/impersonation/api/get-impersonation-tenants';
import { useImpersonate } from '@/features/impersonation/api/impersonate';
import { problemText } from '@/features/impersonation/api/problem-messages';
import { type ImpersonationCandidate, useCandidates } from '@/features/impersonation/api/search-users';
import { useTranslation } from '@/shared/i18n/use-translation';
import { FormDialog } from '@/shared/ui/form-dialog';

const label = (u: ImpersonationCandidate) => (u.fullName ? `${u.fullName} (${u.email})` : u.email);

type Props = {
  opened: boolean;
  onClose: () => void;
  /** The super administrator's own id: they cannot view the product as themselves. */
  ownId: string;
  /** What happens after success; the page reloads as the chosen user. */
  onStarted: () => void;
};

/**
 * Choose a user (own account excluded; searchable), then one of their tenants when they have several
 * (preselected when they have exactly one). The button stays disabled until a user is chosen.
 */
export function ImpersonationDialog({ opened, onClose, ownId, onStarted }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<ImpersonationCandidate | null>(null);
  const [tenantId, setTenantId] = useState<string | null>(null);
  // The search box shows the chosen user's label: that is not a new search.
  const [debounced] = useDebouncedValue(chosen && search === label(chosen) ? '' : search, 250);
  const candidates = useCandidates(debounced, opened);
  const tenants = useImpersonationTenants(chosen?.id ?? null);
  const start = useImpersonate();

  // biome-ignore lint/correctness/useExhaustiveDependencies: every opening starts over
  useEffect(() => {
    if (!opened) return;
    setSearch('');
    setChosen(null);
    setTenantId(null);
    start.reset();
  }, [opened]);

  // With exactly one tenant there is nothing to choose.
  useEffect(() => {
    setTenantId(tenants.data?.length === 1 ? (tenants.data[0]?.id ?? null) : null);
  }, [tenants.data]);

  const options = useMemo(() => {
    const found = (candidates.data?.data ?? []).filter(
      (u) => u.id !== ownId && !u.deletedAt && !can({ roles: u.rolesNames }, POLICIES.superadmins),
    );
    if (chosen && !found.some((u) => u.id === chosen.id)) found.unshift(chosen);
    return found;
  }, [candidates.data, chosen, ownId]);

  const manyTenants = (tenants.data?.length ?? 0) > 1;
  const ready = !!chosen && tenants.isSuccess && (!manyTenants || !!tenantId);

  const submit = () => {
    if (!chosen || !ready) return;
    // Not an onSuccess callback: the new session hides the view-as button (and this dialog) at once,
    // and callbacks of an unmounted mutation never run.
    start.mutateAsync({ userId: chosen.id, tenantId }).then(onStarted, () => {});
  };

  return (
    <FormDialog
      opened={opened}
      onClose={onClose}
      title={t('impersonation.title')}
      onSubmit={submit}
      submitLabel={t('impersonation.start')}
      cancelLabel={t('impersonation.cancel')}
      pending={start.isPending || (!!chosen && tenants.isPending)}
      submitDisabled={!ready}
      error={(start.isError || tenants.isError) && problemText(t, start.error ?? tenants.error)}
      errorTitle={t('impersonation.failed')}
    >
      <Text size="sm" c="dimmed">
        {t('impersonation.intro')}
      </Text>
      <Select
        label={t('impersonation.user')}
        placeholder={t('impersonation.userPlaceholder')}
        searchable
        clearable
        data={options.map((u) => ({ value: u.id, label: label(u) }))}
        // The server searched already (name, email and full name).
        filter={({ options: all }) => all}
        searchValue={search}
        onSearchChange={setSearch}
        value={chosen?.id ?? null}
        onChange={(id) => {
          setChosen(options.find((u) => u.id === id) ?? null);
          setTenantId(null);
          start.reset();
        }}
        nothingFoundMessage={candidates.isFetching ? t('impersonation.searching') : t('impersonation.noUsers')}
        comboboxProps={{ withinPortal: true }}
      />
      {chosen && manyTenants && (
        <Select
          label={t('impersonation.tenant')}
          placeholder={t('impersonation.tenantPlaceholder')}
          required
          withAsterisk
          data={(tenants.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
          value={tenantId}
          onChange={setTenantId}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {chosen && tenants.data?.length === 1 && (
        <Text size="sm">{t('impersonation.onlyTenant', { tenant: tenants.data[0]?.name })}</Text>
      )}
      {chosen && tenants.data?.length === 0 && <Text size="sm">{t('impersonation.noTenant')}</Text>}
    </FormDialog>
  );
}
