import { isHoursTyping, parseHours } from '@atrium/contracts';
import { ActionIcon, Popover, TextInput, Tooltip } from '@mantine/core';
import { IconCheck, IconCloudUpload, IconRefresh } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from '@/shared/i18n/use-translation';
import { Spinner } from '@/shared/ui/spinner';
import { showHours } from '../lib/hours';
import classes from './week-grid.module.css';

export type CellState = 'idle' | 'saving' | 'saved' | 'failed';

/** Where arrow keys and Enter move from a cell: the grid finds the neighbour. */
export type Move = 'up' | 'down' | 'left' | 'right';

/** What a cell whose save failed holds: kept by the page, so that leaving the week loses nothing. */
export type CellDraft = { text: string; error: string; label: string };

type HoursCellProps = {
  /** The hours the server holds for this cell. */
  value: number;
  /** Names the cell for screen readers: task and day. */
  label: string;
  row: number;
  col: number;
  /** Saves the cell's hours; rejects with the message to show when the server refuses. */
  onSave: (hours: number) => Promise<void>;
  /** Moves focus to the neighbouring cell; false when there is none. */
  onMove: (from: { row: number; col: number }, move: Move) => boolean;
  /** A failed save this cell had before it was last shown (another week was open meanwhile). */
  draft?: CellDraft;
  /** Keeps (or, with null, forgets) the cell's failed save beyond its own life. */
  onDraft: (draft: CellDraft | null) => void;
  /** Shown but not editable (a day before its project started); arrow keys still pass through it. */
  readOnly?: boolean;
  /** The value was saved with no network: kept in the offline queue, sent when the network returns. */
  pending?: boolean;
};

/** A cell's text: empty for none, else the hours in the UI language's decimal sign (a comma is typed back as well). */
const show = (hours: number, language: string) => (hours === 0 ? '' : showHours(hours, language));

/**
 * One hours cell of the week grid (spec part 2 §5): only what the hours rule allows can be typed; the
 * value is saved when it changes and the cell is left (or Enter), with saving, saved and failed states
 * on the cell. A failed save keeps what was typed (also when another week is opened and this one again)
 * and offers to try again.
 */
export function HoursCell({
  value,
  label,
  row,
  col,
  onSave,
  onMove,
  draft,
  onDraft,
  readOnly = false,
  pending = false,
}: HoursCellProps) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(draft?.text ?? show(value, i18n.language));
  const [state, setState] = useState<CellState>(draft ? 'failed' : 'idle');
  const [error, setError] = useState(draft?.error ?? '');
  // A keystroke the rule refused (a second separator, a third decimal, a letter): said, not silently dropped.
  const [refused, setRefused] = useState(false);
  const editing = useRef(false);
  // Pending shows once nothing newer is going on in the cell (typing aside: the mark stays while typing).
  const shownState = pending && (state === 'idle' || state === 'saved') ? 'pending' : state;

  // A new value from the server (a refetch, another tab) replaces the text unless the user has work in
  // it: typing, saving or a failed save.
  const busy = useRef(false);
  busy.current = state === 'failed' || state === 'saving';
  useEffect(() => {
    if (!editing.current && !busy.current) setText(show(value, i18n.language));
  }, [value, i18n.language]);

  async function commit(current = text) {
    editing.current = false;
    if (readOnly) return;
    const hours = parseHours(current);
    if (hours === null) return;
    if (hours === value && state !== 'failed') {
      setText(show(hours, i18n.language));
      return;
    }
    setState('saving');
    setError('');
    try {
      await onSave(hours);
      setText(show(hours, i18n.language));
      setState('saved');
      onDraft(null);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      setError(message);
      setState('failed');
      onDraft({ text: current, error: message, label });
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length;
    const move: Move | null =
      event.key === 'ArrowUp'
        ? 'up'
        : event.key === 'ArrowDown' || event.key === 'Enter'
          ? 'down'
          : event.key === 'ArrowLeft' && atStart
            ? 'left'
            : event.key === 'ArrowRight' && atEnd
              ? 'right'
              : null;
    if (!move) return;
    event.preventDefault();
    // Leaving the cell saves it (blur); Enter on the last row saves where it stands.
    if (!onMove({ row, col }, move) && event.key === 'Enter') void commit();
  }

  return (
    <div className={classes.cell} data-state={shownState}>
      <TextInput
        size="xs"
        value={text}
        inputMode="decimal"
        autoComplete="off"
        readOnly={readOnly}
        title={readOnly ? label : undefined}
        aria-label={label}
        error={state === 'failed'}
        // Read with the cell, not shown (the icon shows it): why it failed, or that it waits to be saved.
        // (Mantine sets aria-describedby itself, to its description.)
        description={
          shownState === 'failed'
            ? `${t('timelogs.grid.saveFailed', { label })} ${error}`
            : shownState === 'pending'
              ? `${t('timelogs.grid.pending')}. ${t('timelogs.grid.pendingDescription')}`
              : undefined
        }
        data-grid-row={row}
        data-grid-col={col}
        classNames={{ input: classes.input, description: classes.srOnly }}
        onFocus={(event) => event.currentTarget.select()}
        onChange={(event) => {
          const next = event.currentTarget.value;
          // Keystrokes the rule does not allow are not taken (spec §5), and the cell says why.
          if (!isHoursTyping(next)) {
            setRefused(true);
            return;
          }
          setRefused(false);
          editing.current = true;
          setText(next);
          if (state === 'saved') setState('idle');
        }}
        onBlur={() => {
          setRefused(false);
          void commit();
        }}
        onKeyDown={onKeyDown}
        rightSectionWidth={22}
        rightSection={
          state === 'saving' ? (
            <Spinner size={12} label={t('timelogs.grid.saving')} />
          ) : shownState === 'pending' ? (
            <Tooltip label={t('timelogs.grid.pendingDescription')} multiline maw={260} withinPortal>
              <IconCloudUpload size={14} aria-label={t('timelogs.grid.pending')} className={classes.pendingIcon} />
            </Tooltip>
          ) : state === 'saved' ? (
            <IconCheck size={14} aria-label={t('timelogs.grid.saved')} className={classes.savedIcon} />
          ) : state === 'failed' ? (
            <Tooltip label={`${error} ${t('timelogs.grid.retry')}`} multiline maw={260} withinPortal>
              <ActionIcon
                size="xs"
                variant="subtle"
                color="red"
                aria-label={t('timelogs.grid.retryLabel', { label })}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => void commit()}
              >
                <IconRefresh size={12} />
              </ActionIcon>
            </Tooltip>
          ) : null
        }
      />
      {/*
        Mounted only while a keystroke is refused: a week grid has a cell per task and day, and each
        would otherwise build a positioned popover that stays closed. The anchor is a bare span: no
        popup roles on it; the note itself is a status.
      */}
      {refused && (
        <Popover opened withRoles={false} position="bottom" withArrow shadow="sm" withinPortal>
          <Popover.Target>
            <span className={classes.refusedAnchor} />
          </Popover.Target>
          <Popover.Dropdown role="status" aria-live="polite" maw={220} p="xs" fz="xs">
            {t('timelogs.grid.refusedKey')}
          </Popover.Dropdown>
        </Popover>
      )}
      {state === 'failed' && (
        <span className={classes.srOnly} role="alert">
          {t('timelogs.grid.saveFailed', { label })} {error}
        </span>
      )}
    </div>
  );
}
