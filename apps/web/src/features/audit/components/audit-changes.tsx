import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import type { AuditEntry } from '@/features/audit/api/audit';
import { useTranslation } from '@/shared/i18n/use-translation';
import classes from './audit-changes.module.css';

/** A recorded value as text: lists joined, objects as JSON, nothing as '(empty)'. */
export function valueText(value: unknown, empty: string): string {
  if (value === null || value === undefined || value === '') return empty;
  if (Array.isArray(value)) {
    return value.length ? value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ') : empty;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * One entry's details: each changed field before and after, what else was recorded, the address, who
 * really acted (impersonation), and a way to see the record's whole history.
 */
export function AuditChanges({ entry, onRecord }: { entry: AuditEntry; onRecord?: (recordId: string) => void }) {
  const { t } = useTranslation();
  const empty = t('audit.empty_value');
  const before = entry.before ?? {};
  const after = entry.after ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const extra = Object.entries(entry.data ?? {});
  return (
    <Stack gap="sm" className={classes.details}>
      {entry.realActor && (
        <Text size="sm" fw={600}>
          {t('audit.realActor', { name: `${entry.realActor.name} (${entry.realActor.email})` })}
        </Text>
      )}
      {fields.length ? (
        <Table.ScrollContainer minWidth={280}>
          <Table
            withTableBorder
            withColumnBorders
            verticalSpacing={6}
            className={classes.changes}
            aria-label={t('audit.changes')}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('audit.field')}</Table.Th>
                <Table.Th scope="col">{t('audit.before')}</Table.Th>
                <Table.Th scope="col">{t('audit.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((field) => (
                <Table.Tr key={field}>
                  <Table.Th scope="row" className={classes.field}>
                    {field}
                  </Table.Th>
                  <Table.Td className={classes.value}>{valueText(before[field], empty)}</Table.Td>
                  <Table.Td className={classes.value}>{valueText(after[field], empty)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : (
        <Text size="sm" c="dimmed">
          {t('audit.noChanges')}
        </Text>
      )}
      {(extra.length > 0 || entry.ip) && (
        <dl className={classes.extra}>
          {extra.map(([key, value]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd className={classes.value}>{valueText(value, empty)}</dd>
            </div>
          ))}
          {entry.ip && (
            <div>
              <dt>{t('audit.address')}</dt>
              <dd>{entry.ip}</dd>
            </div>
          )}
        </dl>
      )}
      {entry.recordId && onRecord && (
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconFilter size={14} aria-hidden="true" />}
            onClick={() => onRecord(entry.recordId!)}
          >
            {t('audit.onlyThisRecord')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
