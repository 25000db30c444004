import { GRID_TASK_NAME_LENGTH, type GridProject, roundHours, weekDates } from '@atrium/contracts';
import { Table, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconCloudUpload } from '@tabler/icons-react';
import { useReducer, useRef } from 'react';
import { formatDate, formatDay, formatWeekday } from '@/shared/format/date';
import { useTranslation } from '@/shared/i18n/use-translation';
import { showHours } from '../lib/hours';
import { type CellDraft, HoursCell, type Move } from './hours-cell';
import classes from './week-grid.module.css';

/** A task name cut at 20 characters (spec §9), with '...' when cut. */
export const cutTaskName = (name: string) =>
  name.length > GRID_TASK_NAME_LENGTH ? `${name.slice(0, GRID_TASK_NAME_LENGTH)}...` : name;

/** Sums per day (seven) and their total, rounded to two decimals (spec §5). */
export function dayTotals(projects: GridProject[]) {
  const days = Array.from({ length: 7 }, (_, i) =>
    roundHours(
      projects.reduce((sum, p) => sum + p.projectTasks.reduce((s, t) => s + (t.marks[i]?.decimalHours ?? 0), 0), 0),
    ),
  );
  return { days, total: roundHours(days.reduce((a, b) => a + b, 0)) };
}

const cellClass = (today: boolean, beforeStart: boolean) =>
  [today && classes.today, beforeStart && classes.beforeStart].filter(Boolean).join(' ') || undefined;

type WeekGridProps = {
  monday: string;
  today: string;
  projects: GridProject[];
  onSave: (projectId: string, taskId: string, date: string, hours: number) => Promise<void>;
  /** Failed saves by `taskId/date`, kept by the page across weeks. */
  drafts: Map<string, CellDraft>;
  /** Cells (`taskId/date`) whose hours were saved with no network and wait in the offline queue. */
  pending?: ReadonlySet<string>;
};

/**
 * The week grid (spec part 2 §2): a row per project with its task rows beneath and its 'usage' row, columns
 * Monday to Sunday and a row total, and a bottom row of daily totals with the week total. Arrow keys,
 * Enter and Tab move between cells like a spreadsheet.
 */
export function WeekGrid({ monday, today, projects, onSave, drafts, pending = new Set() }: WeekGridProps) {
  const { t, i18n } = useTranslation();
  const dates = weekDates(monday);
  const table = useRef<HTMLTableElement>(null);
  const totals = dayTotals(projects);
  const rowsCount = projects.reduce((n, p) => n + p.projectTasks.length, 0);
  // The drafts live in the page's map; a failed or retried save redraws the list of failures below.
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const failures = projects.flatMap((project, p) =>
    project.projectTasks.flatMap((task, i) =>
      dates.flatMap((date, col) => {
        const draft = drafts.get(`${task.id}/${date}`);
        const rowIndex = projects.slice(0, p).reduce((n, x) => n + x.projectTasks.length, 0) + i;
        return draft ? [{ key: `${task.id}/${date}`, row: rowIndex, col, ...draft }] : [];
      }),
    ),
  );

  function move(from: { row: number; col: number }, to: Move) {
    const row = from.row + (to === 'down' ? 1 : to === 'up' ? -1 : 0);
    const col = from.col + (to === 'right' ? 1 : to === 'left' ? -1 : 0);
    if (row < 0 || row >= rowsCount || col < 0 || col > 6) return false;
    const target = table.current?.querySelector<HTMLInputElement>(
      `input[data-grid-row="${row}"][data-grid-col="${col}"]`,
    );
    target?.focus();
    return target !== undefined && target !== null;
  }

  const shownPending = projects.reduce(
    (n, p) => n + p.projectTasks.reduce((m, task) => m + dates.filter((d) => pending.has(`${task.id}/${d}`)).length, 0),
    0,
  );

  let row = -1;
  return (
    <>
      <Table.ScrollContainer minWidth={760} type="native">
        <Table className={classes.table} verticalSpacing={6} horizontalSpacing="xs" ref={table} withRowBorders>
          <Table.Thead>
            <Table.Tr>
              <Table.Th className={classes.sticky} scope="col">
                {t('timelogs.grid.task')}
              </Table.Th>
              {dates.map((date) => (
                <Table.Th key={date} scope="col" className={`${classes.num} ${date === today ? classes.today : ''}`}>
                  <div>{formatWeekday(date, i18n.language)}</div>
                  <Text size="xs" fw={400} component="div">
                    {formatDay(date)}
                  </Text>
                </Table.Th>
              ))}
              <Table.Th scope="col" className={classes.num}>
                {t('timelogs.grid.total')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          {projects.map((project) => {
            const usage = Array.from({ length: 7 }, (_, i) =>
              roundHours(project.projectTasks.reduce((sum, task) => sum + (task.marks[i]?.decimalHours ?? 0), 0)),
            );
            const projectTotal = roundHours(usage.reduce((a, b) => a + b, 0));
            return (
              <Table.Tbody key={project.id}>
                <Table.Tr className={classes.projectRow}>
                  <Table.Th scope="rowgroup" className={classes.sticky} colSpan={1}>
                    {project.name}
                  </Table.Th>
                  <Table.Td colSpan={8} />
                </Table.Tr>
                {project.projectTasks.map((task) => {
                  row += 1;
                  const taskTotal = roundHours(task.marks.reduce((sum, m) => sum + m.decimalHours, 0));
                  const cut = cutTaskName(task.name);
                  return (
                    <Table.Tr key={task.id}>
                      <Table.Th scope="row" className={classes.sticky} fw={400}>
                        {cut === task.name ? (
                          task.name
                        ) : (
                          <Tooltip label={task.name} withinPortal>
                            <span tabIndex={-1}>{cut}</span>
                          </Tooltip>
                        )}
                      </Table.Th>
                      {task.marks.map((mark, col) => {
                        const cellLabel = t('timelogs.grid.cellLabel', {
                          task: task.name,
                          project: project.name,
                          day: `${formatWeekday(mark.date, i18n.language)} ${formatDay(mark.date)}`,
                        });
                        const beforeStart = mark.date < project.startDate;
                        return (
                          <Table.Td key={mark.date} className={cellClass(mark.date === today, beforeStart)}>
                            <HoursCell
                              value={mark.decimalHours}
                              label={
                                beforeStart
                                  ? `${cellLabel}. ${t('timelogs.grid.beforeStart', { date: formatDate(project.startDate) })}`
                                  : cellLabel
                              }
                              readOnly={beforeStart}
                              row={row}
                              col={col}
                              onSave={(hours) => onSave(project.id, task.id, mark.date, hours)}
                              onMove={move}
                              draft={drafts.get(`${task.id}/${mark.date}`)}
                              pending={pending.has(`${task.id}/${mark.date}`)}
                              onDraft={(draft) => {
                                const key = `${task.id}/${mark.date}`;
                                if (draft) drafts.set(key, draft);
                                else drafts.delete(key);
                                redraw();
                              }}
                            />
                          </Table.Td>
                        );
                      })}
                      <Table.Td className={classes.num}>{showHours(taskTotal, i18n.language)}</Table.Td>
                    </Table.Tr>
                  );
                })}
                <Table.Tr className={classes.usageRow}>
                  <Table.Th scope="row" className={classes.sticky} fw={400}>
                    {t('timelogs.grid.usage')}
                  </Table.Th>
                  {usage.map((hours, i) => (
                    <Table.Td key={dates[i]} className={classes.num}>
                      {showHours(hours, i18n.language)}
                    </Table.Td>
                  ))}
                  <Table.Td className={classes.num}>{showHours(projectTotal, i18n.language)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            );
          })}
          <Table.Tfoot>
            <Table.Tr className={classes.totalsRow}>
              <Table.Th scope="row" className={classes.sticky}>
                {t('timelogs.grid.dayTotals')}
              </Table.Th>
              {totals.days.map((hours, i) => (
                <Table.Td key={dates[i]} className={classes.num} data-testid={`day-total-${i}`}>
                  {showHours(hours, i18n.language)}
                </Table.Td>
              ))}
              <Table.Td className={classes.num} data-testid="week-total">
                {showHours(totals.total, i18n.language)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
      {/* Hours saved offline are in the totals already: said in words under the grid. */}
      {shownPending > 0 && (
        <div className={classes.pendingNote} role="status" data-testid="pending-note">
          <IconCloudUpload size={16} aria-hidden="true" className={classes.pendingIcon} />
          <span>{t('timelogs.grid.pendingNote', { count: shownPending })}</span>
        </div>
      )}
      {/* Why each cell failed, in words anyone can read and tap (a cell's own icon is too small on a phone). */}
      {failures.length > 0 && (
        <div className={classes.failures}>
          <Text size="sm" fw={600} c="red">
            {t('timelogs.grid.notSaved')}
          </Text>
          <ul className={classes.failureList}>
            {failures.map((f) => (
              <li key={f.key}>
                <UnstyledButton
                  className={classes.failure}
                  onClick={() =>
                    table.current
                      ?.querySelector<HTMLInputElement>(`input[data-grid-row="${f.row}"][data-grid-col="${f.col}"]`)
                      ?.focus()
                  }
                >
                  <IconAlertCircle size={16} aria-hidden="true" className={classes.failureIcon} />
                  <span>
                    {f.label}: {f.error}
                  </span>
                </UnstyledButton>
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
