import { IMPORT_STEPS, type ImportPreview, type ImportProgress, type ImportRow, USER_LIMITS } from '@atrium/contracts';
import {
  Badge,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  Paper,
  Progress,
  ScrollArea,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useConfirmImport } from '@/features/users/api/confirm-import';
import { useImportProgress } from '@/features/users/api/import-progress';
import { usePreviewImport } from '@/features/users/api/import-users';
import { messageText, problemText } from '@/features/users/api/problem-messages';
import { ApiError } from '@/shared/api/api-error';
import { ANIMATION_MS } from '@/shared/config/ui';
import { MOBILE_QUERY } from '@/shared/hooks/use-is-mobile';
import type { TFunction } from '@/shared/i18n/i18n';
import { useTranslation } from '@/shared/i18n/use-translation';
import { ErrorAlert } from '@/shared/ui/error-alert';
import classes from './import-dialog.module.css';

export const IMPORT_ACCEPT = '.xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Preview rows shown at first; more on request, so a file of thousands of rows stays quick. */
const PREVIEW_BATCH = 100;

type PreviewRow = ImportPreview['rows'][number];
type Phase =
  | { step: 'choose' }
  | { step: 'uploading'; progress: number }
  | { step: 'checking' }
  | { step: 'preview'; preview: ImportPreview }
  | { step: 'importing'; preview: ImportPreview; startedAt: number; importId: string };

const isImportFile = (file: File) => /\.(xlsx|csv)$/i.test(file.name);

/** One problem of a row, in words: "Email: Enter a valid email address", "Groups: “X” does not exist". */
export function rowProblem(t: TFunction, row: PreviewRow, error: { field: string; message: string }): string {
  const [field, index] = error.field.split('.');
  const label = t(`users.import.columns.${field}` as 'users.import.columns.name', { defaultValue: field });
  if (field === 'groups' && error.message === 'unknownGroup') {
    return `${label}: ${t('users.import.unknownGroup', { group: row.groups[Number(index)] ?? '' })}`;
  }
  return `${label}: ${messageText(t, error.message)}`;
}

function RowProblems({ row }: { row: PreviewRow }) {
  const { t } = useTranslation();
  if (!row.errors.length) {
    return (
      <Text size="sm" c="green">
        {t('users.import.ok')}
      </Text>
    );
  }
  return (
    <List size="sm" spacing={2} c="red">
      {row.errors.map((e) => (
        <List.Item key={`${e.field}-${e.message}`}>{rowProblem(t, row, e)}</List.Item>
      ))}
    </List>
  );
}

/**
 * Time since `startedAt` as m:ss, ticking each second, beside the import's progress (the confirm is
 * one request that answers when every user exists, all or none).
 */
function Elapsed({ startedAt }: { startedAt: number }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const seconds = Math.max(0, Math.floor((now - startedAt) / 1000));
  const time = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  // A timer is not announced each second (its implicit aria-live is off).
  return (
    <Text size="sm" c="dimmed" role="timer">
      {t('users.import.elapsed', { time })}
    </Text>
  );
}

/**
 * How far the import is: the step it is in (1 to 3) and the share of the rows past it, as the server
 * counts them (GET /users/import/progress). Until its first answer, a running bar without a value.
 */
function ImportProgressBar({ progress }: { progress: ImportProgress | null | undefined }) {
  const { t } = useTranslation();
  const index = progress ? (IMPORT_STEPS as readonly string[]).indexOf(progress.step) : -1;
  if (!progress || index < 0) {
    return <Progress value={100} striped animated aria-label={t('users.import.importingLabel')} />;
  }
  const percent = progress.total > 0 ? Math.floor((progress.done * 100) / progress.total) : 0;
  const stepName = t(`users.import.steps.${progress.step}` as 'users.import.steps.checking');
  return (
    <>
      <Text size="sm" data-testid="import-progress-text">
        {t('users.import.stepProgress', {
          step: index + 1,
          steps: IMPORT_STEPS.length,
          name: stepName,
          done: progress.done,
          total: progress.total,
          percent,
        })}
      </Text>
      <Progress
        value={percent}
        aria-label={t('users.import.stepLabel', { name: stepName })}
        transitionDuration={ANIMATION_MS}
      />
    </>
  );
}

const strip = ({ errors: _e, hasPassword: _p, ...row }: PreviewRow): ImportRow => row;

/** The file's problem when the server refused to read it, or the call's problem otherwise. */
function failureText(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.errors.some((e) => e.field === 'file')) {
    return error.errors
      .map((e) =>
        t(`users.import.fileErrors.${e.message}` as 'users.import.fileErrors.nothingToImport', {
          defaultValue: error.detail ?? e.message,
        }),
      )
      .join(' ');
  }
  return problemText(t, error);
}

/**
 * Import users from xlsx or CSV: choose a file, see every row with its problems, confirm. Only the rows
 * without problems are sent, and the server creates all of them or none.
 */
export function ImportDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const fullScreen = useMediaQuery(MOBILE_QUERY);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ step: 'choose' });
  const [failure, setFailure] = useState<string | null>(null);
  const [onlyProblems, setOnlyProblems] = useState(false);
  const [shown, setShown] = useState(PREVIEW_BATCH);
  const abort = useRef<AbortController | null>(null);
  const preview = usePreviewImport();
  const confirm = useConfirmImport();
  // Asked while the confirm is out, not once it has answered (the dialog may stay open a moment).
  const progress = useImportProgress(phase.step === 'importing' && confirm.isPending ? phase.importId : null);

  useEffect(() => {
    if (!opened) return;
    setFile(null);
    setFileError(null);
    setPhase({ step: 'choose' });
    setFailure(null);
    setOnlyProblems(false);
    setShown(PREVIEW_BATCH);
  }, [opened]);

  const close = () => {
    abort.current?.abort();
    onClose();
  };

  const check = () => {
    if (!file) {
      setFileError(t('users.import.chooseFile'));
      return;
    }
    if (!isImportFile(file)) {
      setFileError(t('users.import.fileErrors.unsupportedFile'));
      return;
    }
    if (file.size > USER_LIMITS.importMaxBytes) {
      setFileError(t('users.import.fileErrors.tooLarge'));
      return;
    }
    setFailure(null);
    abort.current = new AbortController();
    setPhase({ step: 'uploading', progress: 0 });
    preview.mutate(
      {
        file,
        signal: abort.current.signal,
        onProgress: (fraction) =>
          // Once the file is sent the server reads and checks it: a phase without a percentage.
          setPhase(fraction >= 1 ? { step: 'checking' } : { step: 'uploading', progress: fraction }),
      },
      {
        onSuccess: (result) => {
          setPhase({ step: 'preview', preview: result });
          setOnlyProblems(
            result.invalid > 0 && result.invalid < result.rows.length && result.rows.length > PREVIEW_BATCH,
          );
        },
        onError: (error) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          setPhase({ step: 'choose' });
          setFailure(failureText(t, error));
        },
      },
    );
  };

  const runImport = (result: ImportPreview) => {
    const good = result.rows.filter((r) => r.errors.length === 0).map(strip);
    setFailure(null);
    const importId = crypto.randomUUID();
    setPhase({ step: 'importing', preview: result, startedAt: Date.now(), importId });
    confirm.mutate(
      { rows: good, passwords: result.passwords, importId },
      {
        onSuccess: ({ created }) => {
          notifications.show({ color: 'green', message: t('users.import.done', { count: created }) });
          onClose();
        },
        onError: (error) => {
          setPhase({ step: 'preview', preview: result });
          setFailure(problemText(t, error));
        },
      },
    );
  };

  const current = phase.step === 'preview' || phase.step === 'importing' ? phase.preview : null;
  const rows = current ? (onlyProblems ? current.rows.filter((r) => r.errors.length) : current.rows) : [];

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('users.import.title')}
      size={current ? 1100 : 'md'}
      fullScreen={fullScreen}
      centered
    >
      <Stack gap="md">
        {failure && <ErrorAlert title={t('users.import.failed')}>{failure}</ErrorAlert>}

        {!current && (
          <>
            <Text size="sm" c="dimmed">
              {t('users.import.intro')}
            </Text>
            <FileInput
              label={t('users.import.file')}
              placeholder={t('users.import.filePlaceholder')}
              accept={IMPORT_ACCEPT}
              leftSection={<IconFileSpreadsheet size={16} />}
              value={file}
              onChange={(f) => {
                setFile(f);
                setFileError(null);
              }}
              error={fileError}
              clearable
              disabled={phase.step !== 'choose'}
              data-autofocus
            />
            {phase.step === 'uploading' && (
              <Stack gap={4} aria-live="polite">
                <Text size="sm">{t('users.import.uploading', { percent: Math.round(phase.progress * 100) })}</Text>
                <Progress
                  value={phase.progress * 100}
                  aria-label={t('users.import.uploadProgress')}
                  transitionDuration={ANIMATION_MS}
                />
              </Stack>
            )}
            {phase.step === 'checking' && (
              <Stack gap={4} aria-live="polite">
                <Text size="sm">{t('users.import.checking')}</Text>
                <Progress value={100} striped animated aria-label={t('users.import.checking')} />
              </Stack>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                {t('users.cancel')}
              </Button>
              <Button onClick={check} loading={phase.step !== 'choose'}>
                {t('users.import.check')}
              </Button>
            </Group>
          </>
        )}

        {current && (
          <>
            <Group gap="xs" aria-live="polite">
              <Text size="sm" fw={600}>
                {t('users.import.rows', { count: current.rows.length })}
              </Text>
              <Badge color="green" variant="light">
                {t('users.import.ready', { count: current.valid })}
              </Badge>
              {current.invalid > 0 && (
                <Badge color="red" variant="light">
                  {t('users.import.withProblems', { count: current.invalid })}
                </Badge>
              )}
            </Group>
            {current.invalid > 0 && (
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Text size="sm" c="dimmed">
                  {t('users.import.skipped')}
                </Text>
                <Switch
                  size="sm"
                  label={t('users.import.onlyProblems')}
                  checked={onlyProblems}
                  onChange={(e) => setOnlyProblems(e.currentTarget.checked)}
                />
              </Group>
            )}
            {fullScreen ? (
              <Stack gap="xs" component="ul" className={classes.previewList}>
                {rows.slice(0, shown).map((row) => (
                  <Paper
                    key={row.line}
                    component="li"
                    withBorder
                    radius="md"
                    p="sm"
                    data-testid="import-row"
                    bg={row.errors.length ? 'var(--mantine-color-red-light)' : undefined}
                  >
                    <Text size="xs" c="dimmed">
                      {t('users.import.line', { line: row.line })}
                    </Text>
                    <Text size="sm" fw={600}>
                      {[row.name, row.surname].filter(Boolean).join(' ') || '—'}
                    </Text>
                    <Text size="sm" className={classes.wrap}>
                      {row.email || '—'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {[
                        row.role || 'user',
                        row.groups.join(', '),
                        row.hasPassword && `${t('users.import.columns.password')}: ${t('users.import.passwordGiven')}`,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                    <RowProblems row={row} />
                  </Paper>
                ))}
              </Stack>
            ) : (
              <ScrollArea.Autosize mah={fullScreen ? undefined : '50vh'} type="auto" offsetScrollbars>
                <Table striped verticalSpacing={6} fz="sm" stickyHeader miw={720}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('users.import.columns.line')}</Table.Th>
                      <Table.Th>{t('users.import.columns.name')}</Table.Th>
                      <Table.Th>{t('users.import.columns.surname')}</Table.Th>
                      <Table.Th>{t('users.import.columns.email')}</Table.Th>
                      <Table.Th>{t('users.import.columns.role')}</Table.Th>
                      <Table.Th>{t('users.import.columns.groups')}</Table.Th>
                      <Table.Th>{t('users.import.columns.password')}</Table.Th>
                      <Table.Th miw={240}>{t('users.import.columns.problems')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.slice(0, shown).map((row) => (
                      <Table.Tr
                        key={row.line}
                        data-testid="import-row"
                        bg={row.errors.length ? 'var(--mantine-color-red-light)' : undefined}
                      >
                        <Table.Td>{row.line}</Table.Td>
                        <Table.Td>{row.name}</Table.Td>
                        <Table.Td>{row.surname}</Table.Td>
                        <Table.Td>{row.email}</Table.Td>
                        <Table.Td>{row.role || 'user'}</Table.Td>
                        <Table.Td>{row.groups.join(', ')}</Table.Td>
                        <Table.Td>
                          {t(row.hasPassword ? 'users.import.passwordGiven' : 'users.import.noPassword')}
                        </Table.Td>
                        <Table.Td>
                          <RowProblems row={row} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollArea.Autosize>
            )}
            {rows.length > shown && (
              <Button variant="subtle" size="xs" onClick={() => setShown((n) => n + PREVIEW_BATCH)}>
                {t('users.import.showMore', { count: Math.min(PREVIEW_BATCH, rows.length - shown) })}
              </Button>
            )}
            {phase.step === 'importing' && (
              <Stack gap={4}>
                <Group justify="space-between" gap="xs">
                  <Text size="sm" aria-live="polite">
                    {t('users.import.importing', { count: current.valid })}
                  </Text>
                  <Elapsed startedAt={phase.startedAt} />
                </Group>
                <ImportProgressBar progress={progress.data} />
                <Text size="xs" c="dimmed">
                  {t('users.import.importingHint')}
                </Text>
              </Stack>
            )}
            <Group justify="space-between" gap="sm">
              <Button
                variant="subtle"
                onClick={() => {
                  setFailure(null);
                  setPhase({ step: 'choose' });
                }}
                disabled={phase.step === 'importing'}
              >
                {t('users.import.anotherFile')}
              </Button>
              <Group gap="sm">
                <Button variant="default" onClick={close} disabled={phase.step === 'importing'}>
                  {t('users.cancel')}
                </Button>
                <Button
                  onClick={() => runImport(current)}
                  disabled={current.valid === 0}
                  loading={phase.step === 'importing'}
                >
                  {t('users.import.confirm', { count: current.valid })}
                </Button>
              </Group>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
