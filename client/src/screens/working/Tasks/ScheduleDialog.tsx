import { Box, Button, Grid, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { calendarChanged } from '../../../components/calendar/signal.ts';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { ProjectAutocomplete, type PickedProject } from './ProjectAutocomplete.tsx';
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

type Row = { key: number; project: PickedProject | null; workDate: string; begin: string; end: string; hours: string; type: 'REGULAR' | 'OVERTIME' };

/** 加入档期: rows per project with hours (default 09:00–18:30, regular); a complete task is refused. */
export function ScheduleDialog({ taskId, taskState, project, zone, onClose }: { taskId: string; taskState: string; project: PickedProject | null; zone: string | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const day = todayIn(zone);
  const blank = (key: number): Row => ({ key, project, workDate: day, begin: DEFAULT_BEGIN, end: DEFAULT_END, hours: '', type: 'REGULAR' });
  const [rows, setRows] = useState<Row[]>([blank(1)]);
  const [error, setError] = useState<string | null>(null);
  const [commit, busy] = useMutation<ScheduleDialogMutation>(scheduleMutation);
  const update = (key: number, patch: Partial<Row>) => {
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
    setError(null);
  };

  function save() {
    if (taskState === 'COMPLETE') return setError(t('task.completedNotSchedulable'));
    if (rows.some((r) => !r.project)) return setError(t('task.projectRequired'));
    if (rowMissingHours(rows) !== -1) return setError(t('task.hoursRequired'));
    commit({
      variables: {
        input: {
          taskId,
          rows: rows.map((r) => ({ projectId: r.project!.id, workDate: r.workDate, begin: r.begin, end: r.end, hours: Number.parseFloat(r.hours), scheduleType: r.type })),
        },
      },
      onCompleted: (res) => {
        const r = res.addTaskToSchedule;
        if (r.__typename === 'AddTaskToSchedulePayload') {
          notify('success', t('toast.addedToSchedule'));
          // An open My Calendar refetches its visible range and shows the new entries.
          calendarChanged();
          onClose();
        } else setError(r.message ?? t('transport.unknown'));
      },
    });
  }

  return (
    <DialogShell
      title={t('tasksUi.detail.addToSchedule')}
      onClose={onClose}
      testId="schedule-dialog"
      size="xl"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('client.cancel')}
          </Button>
          <Button colorPalette="blue" onClick={save} loading={busy} data-testid="schedule-save">
            {t('tasksUi.save')}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        {error && (
          <Text color="fg.error" fontSize="sm" data-testid="schedule-error">
            {error}
          </Text>
        )}
        <Grid templateColumns="minmax(160px, 2fr) 150px 120px 120px 70px 100px auto" gap="2" fontSize="xs" color="fg.muted">
          <Text>{t('tasksUi.field.project')}</Text>
          <Text>{t('tasksUi.schedule.date')}</Text>
          <Text>{t('tasksUi.schedule.begin')}</Text>
          <Text>{t('tasksUi.schedule.end')}</Text>
          <Text>{t('tasksUi.schedule.hours')}</Text>
          <Text>{t('tasksUi.schedule.type')}</Text>
          <Box w="8" />
        </Grid>
        {rows.map((r) => (
          <Grid key={r.key} templateColumns="minmax(160px, 2fr) 150px 120px 120px 70px 100px auto" gap="2" alignItems="center" data-testid="schedule-row">
            <ProjectAutocomplete value={r.project} onChange={(p) => update(r.key, { project: p })} testId="schedule-project" />
            <Input size="sm" type="date" value={r.workDate} onChange={(e) => update(r.key, { workDate: e.target.value })} data-testid="schedule-date" />
            <Input size="sm" type="time" value={r.begin} onChange={(e) => update(r.key, { begin: e.target.value })} data-testid="schedule-begin" />
            <Input size="sm" type="time" value={r.end} onChange={(e) => update(r.key, { end: e.target.value })} data-testid="schedule-end" />
            <Input size="sm" inputMode="decimal" value={r.hours} placeholder="8" onChange={(e) => update(r.key, { hours: e.target.value })} data-testid="schedule-hours" />
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={r.type} onChange={(e) => update(r.key, { type: e.target.value as Row['type'] })} data-testid="schedule-type">
                <option value="REGULAR">{t('tasksUi.schedule.regular')}</option>
                <option value="OVERTIME">{t('tasksUi.schedule.overtime')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
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
      </Stack>
    </DialogShell>
  );
}
