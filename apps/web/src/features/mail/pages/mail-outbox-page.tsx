import { Badge, Card, Center, Group, Stack, Table, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMailOpened, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { OUTBOX_PAGE_SIZE, type OutboxMail, useOutbox } from '@/features/mail/api/outbox';
import { MailPreview } from '@/features/mail/components/mail-preview';
import { STATUS_COLOR } from '@/features/mail/components/status-color';
import { formatDateTime } from '@/shared/format/date';
import { useIsMobile } from '@/shared/hooks/use-is-mobile';
import { usePageTitle } from '@/shared/hooks/use-page-title';
import { useTranslation } from '@/shared/i18n/use-translation';
import rowList from '@/shared/list/row-list.module.css';
import { ErrorAlert } from '@/shared/ui/error-alert';
import { LabelledPagination } from '@/shared/ui/labelled-pagination';
import { PageHeader } from '@/shared/ui/page-header';
import { Spinner } from '@/shared/ui/spinner';
import classes from './mail-outbox-page.module.css';

/**
 * /admin/mail: the mail the platform sent or queued, newest first, searchable on recipient and
 * subject (super administrators). A row opens the mail as it was sent.
 */
export default function MailOutboxPage() {
  const { t } = useTranslation();
  usePageTitle(t('mailOutbox.title'));
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<OutboxMail | null>(null);
  const isMobile = useIsMobile();
  const outbox = useOutbox(page, debounced);
  const rows = outbox.data?.data ?? [];
  const pages = Math.max(1, Math.ceil((outbox.data?.total ?? 0) / OUTBOX_PAGE_SIZE));

  return (
    <Stack gap="lg">
      <PageHeader title={t('mailOutbox.title')} subtitle={t('mailOutbox.subtitle')}>
        <TextInput
          aria-label={t('mailOutbox.search')}
          placeholder={t('mailOutbox.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
          className={classes.search}
        />
      </PageHeader>

      {outbox.isError && <ErrorAlert>{t('mailOutbox.loadFailed')}</ErrorAlert>}

      <Card withBorder radius="lg" padding={0}>
        {outbox.isPending ? (
          <Center py="xl">
            <Spinner size="md" label={t('loading')} />
          </Center>
        ) : rows.length === 0 ? (
          <Stack align="center" gap="xs" py={48} px="md">
            <IconMailOpened size={36} stroke={1.4} className={classes.emptyIcon} />
            <Text c="dimmed">{debounced ? t('mailOutbox.noMatch') : t('mailOutbox.empty')}</Text>
          </Stack>
        ) : isMobile ? (
          // Narrow screens: one card per mail, the subject first, instead of a table to scroll sideways.
          <ul className={rowList.list} aria-busy={outbox.isFetching}>
            {rows.map((mail) => (
              <li key={mail.id}>
                <UnstyledButton className={rowList.item} onClick={() => setOpen(mail)}>
                  <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                    {/* Two lines on a phone: one cut most subjects short. */}
                    <Text fw={600} lineClamp={2} title={mail.subject}>
                      {mail.subject}
                    </Text>
                    <Badge variant="light" color={STATUS_COLOR[mail.status]} className={classes.badge}>
                      {t(`mailOutbox.status.${mail.status}`)}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed" truncate>
                    {mail.to}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(mail.createdAt)}
                  </Text>
                </UnstyledButton>
              </li>
            ))}
          </ul>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-busy={outbox.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('mailOutbox.created')}</Table.Th>
                  <Table.Th>{t('mailOutbox.to')}</Table.Th>
                  <Table.Th>{t('mailOutbox.subject')}</Table.Th>
                  <Table.Th>{t('mailOutbox.statusLabel')}</Table.Th>
                  <Table.Th ta="right">{t('mailOutbox.attempts')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((mail) => (
                  <Table.Tr key={mail.id}>
                    <Table.Td className={classes.nowrap}>{formatDateTime(mail.createdAt)}</Table.Td>
                    <Table.Td className={classes.cut}>{mail.to}</Table.Td>
                    <Table.Td className={classes.cut}>
                      <UnstyledButton className={classes.subject} onClick={() => setOpen(mail)}>
                        {mail.subject}
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS_COLOR[mail.status]}>
                        {t(`mailOutbox.status.${mail.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">{mail.attempts}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>

      {pages > 1 && (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t('mailOutbox.total', { count: outbox.data?.total ?? 0 })}
          </Text>
          <LabelledPagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
      <MailPreview mail={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}
