import { Box, Button, Field, Grid, IconButton, Input, NativeSelect, Span, Text } from '@chakra-ui/react';
import { Plus, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { DateField } from '../../../components/fields/DateField.tsx';
import { TimeField } from '../../../components/fields/TimeField.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { calendarChanged } from '../../../components/calendar/signal.ts';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ProjectAutocomplete, type PickedProject } from '../../../components/selectors/ProjectAutocomplete.tsx';
import { notify } from '../../../components/toaster.tsx';
import { rowMissingHours, todayIn } from './rules.ts';
import type { ScheduleDialogMutation } from './__generated__/ScheduleDialogMutation.graphql.ts';

const scheduleMutation = graphql`
  mutation ScheduleDialogMutation($input: AddTaskToScheduleInput!) {
    addTaskToSchedule(input: $input) {
      __typename
      ... on AddTaskToSchedulePayload {
        scheduleEntries {
          id
          workDate
          workHours
          beginAt
          endAt
          scheduleType
          project {
            name
          }
        }
        task {
          id
        }
      }
      ... on Error {
        code
        message
      }
    }
  }
`;

/** Spec: default range 09:00 to 18:30, default type regular. */
export const DEFAULT_BEGIN = '09:00';
export const DEFAULT_END = '18:30';

const COLUMNS = 'minmax(160px, 2fr) 150px 110px 110px 80px 100px auto';

type Row = { key: number; project: PickedProject | null; workDate: string; begin: string; end: string; hours: string; type: 'REGULAR' | 'OVERTIME' };

/** 加入档期: rows per project with hours (default 09:00–18:30, regular); a complete task is refused. */
export function ScheduleDialog({ taskId, taskState, project, zone, onClose }: { taskId: string; taskState: string; project: PickedProject | null; zone: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const day = todayIn(zone);
  const blank = (key: number): Row => ({ key, project, workDate: day, begin: DEFAULT_BEGIN, end: DEFAULT_END, hours: '', type: 'REGULAR' });
  const [rows, setRows] = useState<Row[]>([blank(1)]);
  const [error, setError] = useState<string | null>(null);
  const add = useMutationAction<ScheduleDialogMutation>(scheduleMutation, (r) => r.addTaskToSchedule);
  const update = (key: number, patch: Partial<Row>) => {
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    setError(null);
  };

  function save() {
    if (taskState === 'COMPLETE') return setError(t('task.completedNotSchedulable'));
    if (rows.some((r) => !r.project)) return setError(t('task.projectRequired'));
    if (rowMissingHours(rows) !== -1) return setError(t('task.hoursRequired'));
    add.run(
      { input: { taskId, rows: rows.map((r) => ({ projectId: r.project!.id, workDate: r.workDate, begin: r.begin, end: r.end, hours: Number.parseFloat(r.hours), scheduleType: r.type })) } },
      {
        onDone: () => {
          notify('success', t('toast.addedToSchedule'));
          // An open My Calendar refetches its visible range and shows the new entries.
          calendarChanged();
          onClose();
        },
      },
    );
  }
  const problem = error ?? add.error;
  /** One cell: on a phone each row is a card and the cell carries its own label; on wide screens the header row names the columns. */
  const cell = (label: string, field: ReactNode, span?: number) => (
    <Field.Root gridColumn={span ? { base: `span ${span}`, lg: 'auto' } : undefined} minW="0">
      <Field.Label hideFrom="lg" fontSize="xs" color="fg.muted">
        {label}
      </Field.Label>
      {field}
    </Field.Root>
  );

  return (
    <FormDialog title={t('tasksUi.detail.addToSchedule')} onClose={onClose} onSave={save} busy={add.busy} error={problem} errorTestId="schedule-error" testId="schedule-dialog" size="xl">
      <Grid templateColumns={COLUMNS} gap="2" fontSize="xs" color="fg.muted" hideBelow="lg" aria-hidden>
        <Text>{t('tasksUi.field.project')}</Text>
        <Text>{t('tasksUi.schedule.date')}</Text>
        <Text>{t('tasksUi.schedule.begin')}</Text>
        <Text>{t('tasksUi.schedule.end')}</Text>
        <Text>
          {t('tasksUi.schedule.hours')} <Span color="fg.error">*</Span>
        </Text>
        <Text>{t('tasksUi.schedule.type')}</Text>
        <Box w="8" />
      </Grid>
      {rows.map((r) => (
        <Grid
          key={r.key}
          templateColumns={{ base: 'minmax(0, 1fr) minmax(0, 1fr)', lg: COLUMNS }}
          gap="2"
          alignItems="end"
          borderWidth={{ base: '1px', lg: '0' }}
          borderRadius="md"
          p={{ base: '3', lg: '0' }}
          data-testid="schedule-row"
        >
          {cell(t('tasksUi.field.project'), <ProjectAutocomplete value={r.project} onChange={(p) => update(r.key, { project: p })} testId="schedule-project" label={t('tasksUi.field.project')} />, 2)}
          {cell(t('tasksUi.schedule.date'), <DateField size="sm" label={t('tasksUi.schedule.date')} value={r.workDate} onChange={(v) => update(r.key, { workDate: v })} testId="schedule-date" />, 2)}
          {cell(t('tasksUi.schedule.begin'), <TimeField size="sm" label={t('tasksUi.schedule.begin')} value={r.begin} onChange={(v) => update(r.key, { begin: v })} testId="schedule-begin" />)}
          {cell(t('tasksUi.schedule.end'), <TimeField size="sm" label={t('tasksUi.schedule.end')} value={r.end} onChange={(v) => update(r.key, { end: v })} testId="schedule-end" />)}
          {cell(
            t('tasksUi.schedule.hours'),
            // Required and empty until typed: no grey "8" that looks filled in.
            <Input size="sm" inputMode="decimal" required aria-required aria-label={t('tasksUi.schedule.hours')} value={r.hours} onChange={(e) => update(r.key, { hours: e.target.value })} data-testid="schedule-hours" />,
          )}
          {cell(
            t('tasksUi.schedule.type'),
            <NativeSelect.Root size="sm">
              <NativeSelect.Field aria-label={t('tasksUi.schedule.type')} value={r.type} onChange={(e) => update(r.key, { type: e.target.value as Row['type'] })} data-testid="schedule-type">
                <option value="REGULAR">{t('tasksUi.schedule.regular')}</option>
                <option value="OVERTIME">{t('tasksUi.schedule.overtime')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>,
          )}
          <IconButton size="sm" variant="ghost" aria-label={t('tasksUi.schedule.removeRow')} disabled={rows.length === 1} onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}>
            <Trash2 />
          </IconButton>
        </Grid>
      ))}
      <Box>
        <Button size="sm" variant="outline" onClick={() => setRows((rs) => [...rs, blank(Math.max(...rs.map((x) => x.key)) + 1)])} data-testid="schedule-add-row">
          <Plus size={14} /> {t('tasksUi.schedule.addRow')}
        </Button>
      </Box>
    </FormDialog>
  );
}
