import { Alert, Box, Button, Field, Flex, Grid, Heading, IconButton, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight, Pencil, Plus, Trash2 } from 'lucide-react';
import { DateTime } from 'luxon';
import { useMemo, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { QueryBoundary } from '../../../components/ErrorBoundary.tsx';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { RichTextView } from '../../../components/editor/RichTextView.tsx';
import { DateField } from '../../../components/fields/DateField.tsx';
import { TimeField } from '../../../components/fields/TimeField.tsx';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { ProjectAutocomplete, type PickedProject } from '../../../components/selectors/ProjectAutocomplete.tsx';
import { dailyWorkRoute, dailyVariables } from './DailyWork.route.ts';
import type { DailyWorkQuery, DailyWorkQuery$data } from './__generated__/DailyWorkQuery.graphql.ts';
import type { DailyWorkDeleteMutation } from './__generated__/DailyWorkDeleteMutation.graphql.ts';
import type { DailyWorkSaveMutation } from './__generated__/DailyWorkSaveMutation.graphql.ts';

/**
 * A schedule entry's own fields (a day's booked hours), as this screen and the task calendar
 * read them and their saves answer; spread unmasked.
 */
void graphql`
  fragment DailyWork_entryFields on ScheduleEntry {
    id
    databaseId
    workDate
    beginAt
    endAt
    workHours
    scheduleType
    content
    taskIds
  }
`;

const dailyQuery = graphql`
  query DailyWorkQuery($week: ScheduleEntryFilter!, $day: Date!) {
    viewer {
      user {
        id
        timeZone
      }
    }
    week: scheduleEntries(filter: $week, first: 200) {
      edges {
        node {
          ...DailyWork_entryFields @relay(mask: false)
          project {
            id
            name
            nameEn
          }
        }
      }
    }
    missingWorkDays(days: 30) {
      __typename
      ... on MissingWorkDays {
        days
      }
    }
    dailyReminder(day: $day) {
      __typename
      ... on DailyReminder {
        isNeed
        workIsEmpty
        workTasksLength
      }
    }
  }
`;

const saveMutation = graphql`
  mutation DailyWorkSaveMutation($input: SaveScheduleEntriesInput!) {
    saveScheduleEntries(input: $input) {
      __typename
      ... on SaveScheduleEntriesPayload {
        scheduleEntries {
          ...DailyWork_entryFields @relay(mask: false)
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation DailyWorkDeleteMutation($input: DeleteScheduleEntriesInput!) {
    deleteScheduleEntries(input: $input) {
      __typename
      ... on DeleteScheduleEntriesPayload {
        deletedScheduleEntryIds
      }
      ... on Error {
        message
      }
    }
  }
`;

type Entry = DailyWorkQuery$data['week']['edges'][number]['node'];
type Draft = { key: string; id: number | null; project: PickedProject | null; begin: string; end: string; hours: string; overtime: boolean; content: string; taskIds: readonly number[] };

const hoursText = (n: number) => String(Math.round(n * 100) / 100);

function draftOf(e: Entry, zone?: string): Draft {
  return {
    key: e.id,
    id: e.databaseId,
    project: e.project ? { id: e.project.id, name: e.project.name, nameEn: e.project.nameEn ?? null } : null,
    begin: DateTime.fromISO(e.beginAt).setZone(zone).toFormat('HH:mm'),
    end: DateTime.fromISO(e.endAt).setZone(zone).toFormat('HH:mm'),
    hours: hoursText(e.workHours),
    overtime: e.scheduleType === 2,
    content: e.content,
    taskIds: e.taskIds,
  };
}

let drafts = 0;
const blank = (): Draft => ({ key: `new-${(drafts += 1)}`, id: null, project: null, begin: '09:00', end: '18:30', hours: '', overtime: false, content: '', taskIds: [] });

/** The day's entries as a form: each row a project, a time range, hours, type and what was done. */
function DayForm({ day, entries, zone, onDone, onCancel }: { day: string; entries: Entry[]; zone?: string; onDone: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [rows, setRows] = useState<Draft[]>(() => (entries.length ? entries.map((e) => draftOf(e, zone)) : [blank()]));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const save = useMutationAction<DailyWorkSaveMutation>(saveMutation, (r) => r.saveScheduleEntries);
  const patch = (key: string, p: Partial<Draft>) => {
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...p } : r)));
    setProblems((ps) => {
      const next = { ...ps };
      delete next[`${key}.${Object.keys(p)[0]}`];
      return next;
    });
  };
  function submit() {
    const found: Record<string, string> = {};
    for (const r of rows) {
      if (!r.project) found[`${r.key}.project`] = t('tasksUi.daily.projectRequired');
      const h = Number(r.hours);
      if (!r.hours.trim() || !Number.isFinite(h) || h <= 0) found[`${r.key}.hours`] = t('tasksUi.daily.hoursRequired');
    }
    setProblems(found);
    if (Object.keys(found).length) return;
    const crosses = (r: Draft) => r.end <= r.begin;
    save.run(
      {
        input: {
          rows: rows.map((r) => ({
            ...(r.id ? { id: r.id } : {}),
            workDate: day,
            ...(crosses(r) ? { workDate2: DateTime.fromISO(day).plus({ days: 1 }).toISODate()! } : {}),
            begin: r.begin,
            end: r.end,
            hours: Number(r.hours),
            projectId: r.project!.id,
            scheduleType: r.overtime ? 'OVERTIME' : 'REGULAR',
            content: r.content.trim(),
            taskIds: r.taskIds.map((n) => btoa(`Task:${n}`)),
          })),
        },
      },
      {
        onDone: () => {
          notify('success', t('tasksUi.daily.saved'));
          onDone();
        },
      },
    );
  }
  return (
    <Stack gap="3" data-testid="daily-form">
      <FormError message={save.error} testId="daily-error" />
      {rows.map((r, i) => (
        <Box key={r.key} borderWidth="1px" borderRadius="md" p="3" data-testid="daily-row">
          <Grid templateColumns={{ base: '1fr', md: '2fr 1fr 1fr 1fr 1fr auto' }} gap="2" alignItems="end">
            <Field.Root required invalid={!!problems[`${r.key}.project`]}>
              <Field.Label>
                {t('tasksUi.field.project')} <Field.RequiredIndicator />
              </Field.Label>
              <ProjectAutocomplete value={r.project} onChange={(project) => patch(r.key, { project })} testId={`daily-project-${i}`} label={t('tasksUi.field.project')} invalid={!!problems[`${r.key}.project`]} />
              <Field.ErrorText>{problems[`${r.key}.project`]}</Field.ErrorText>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('tasksUi.daily.begin')}</Field.Label>
              <TimeField size="sm" value={r.begin} onChange={(begin) => patch(r.key, { begin })} label={t('tasksUi.daily.begin')} testId={`daily-begin-${i}`} />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('tasksUi.daily.end')}</Field.Label>
              <TimeField size="sm" value={r.end} onChange={(end) => patch(r.key, { end })} label={t('tasksUi.daily.end')} testId={`daily-end-${i}`} />
            </Field.Root>
            <Field.Root required invalid={!!problems[`${r.key}.hours`]}>
              <Field.Label>
                {t('tasksUi.daily.hours')} <Field.RequiredIndicator />
              </Field.Label>
              <Input size="sm" inputMode="decimal" value={r.hours} onChange={(e) => patch(r.key, { hours: e.target.value })} data-testid={`daily-hours-${i}`} />
              <Field.ErrorText>{problems[`${r.key}.hours`]}</Field.ErrorText>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('tasksUi.daily.type')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field value={r.overtime ? 'o' : 'r'} onChange={(e) => patch(r.key, { overtime: e.target.value === 'o' })} data-testid={`daily-type-${i}`}>
                  <option value="r">{t('calendarUi.regular')}</option>
                  <option value="o">{t('calendarUi.overtime')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            {r.id === null && rows.length > 1 ? (
              <IconButton size="sm" variant="ghost" aria-label={t('tasksUi.daily.remove')} onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))} data-testid={`daily-remove-${i}`}>
                <Trash2 size={14} />
              </IconButton>
            ) : (
              <Box />
            )}
          </Grid>
          <Field.Root mt="2">
            <Field.Label>{t('tasksUi.daily.content')}</Field.Label>
            <Textarea rows={2} maxLength={2000} value={r.content} onChange={(e) => patch(r.key, { content: e.target.value })} data-testid={`daily-content-${i}`} />
          </Field.Root>
        </Box>
      ))}
      <Flex gap="2" wrap="wrap">
        <Button size="sm" variant="outline" onClick={() => setRows((rs) => [...rs, blank()])} data-testid="daily-add-row">
          <Plus size={14} /> {t('tasksUi.daily.add')}
        </Button>
        <Flex gap="2" ms="auto">
          <Button size="sm" variant="outline" onClick={onCancel} data-testid="daily-cancel">
            {t('tasksUi.daily.cancel')}
          </Button>
          <Button size="sm" colorPalette="blue" onClick={submit} loading={save.busy} loadingText={t('tasksUi.saving')} data-testid="daily-save">
            {t('tasksUi.daily.save')}
          </Button>
        </Flex>
      </Flex>
    </Stack>
  );
}

function Day({ queryRef, day, onDay, onSaved }: { queryRef: PreloadedQuery<DailyWorkQuery>; day: string; onDay: (d: string) => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const data = usePreloadedQuery<DailyWorkQuery>(dailyQuery, queryRef);
  const zone = data.viewer.user.timeZone ?? f.zone;
  const [editing, setEditing] = useState<string | null>(null);
  const week = useMemo(() => {
    const start = DateTime.fromISO(day).startOf('week');
    return Array.from({ length: 7 }, (_, i) => start.plus({ days: i }).toISODate()!);
  }, [day]);
  const byDay = useMemo(() => {
    const m = new Map<string, Entry[]>();
    for (const { node } of data.week.edges) m.set(node.workDate, [...(m.get(node.workDate) ?? []), node]);
    return m;
  }, [data]);
  // Workdays of the last 30 days without any entry and not dismissed, as the server counts them.
  const missing = data.missingWorkDays.__typename === 'MissingWorkDays' ? data.missingWorkDays.days : [];
  const [removing, setRemoving] = useState<Entry | null>(null);
  const remove = useMutationAction<DailyWorkDeleteMutation>(deleteMutation, (r) => r.deleteScheduleEntries);
  const entries = byDay.get(day) ?? [];
  const total = (d: string) => (byDay.get(d) ?? []).reduce((n, e) => n + e.workHours, 0);
  const weekTotal = week.reduce((n, d) => n + total(d), 0);
  const reminder = data.dailyReminder.__typename === 'DailyReminder' ? data.dailyReminder : null;
  const label = (d: string) =>
    DateTime.fromISO(d)
      .setLocale(f.lang === 'en' ? 'en-GB' : 'zh-CN')
      .toFormat(f.lang === 'en' ? 'EEE d MMM' : 'M月d日 EEE');

  return (
    <Stack gap="3">
      {missing.length > 0 && (
        <Alert.Root status="warning" size="sm" data-testid="daily-missing-banner">
          <Alert.Indicator />
          <Alert.Description>
            {t('tasksUi.daily.missingBanner', { count: missing.length })}{' '}
            <Link to={`?day=${missing[0]}`} onClick={() => setEditing(missing[0]!)} style={{ textDecoration: 'underline', fontWeight: 600 }} data-testid="daily-missing-link">
              {t('tasksUi.daily.fillFirst', { day: missing[0] })}
            </Link>
          </Alert.Description>
        </Alert.Root>
      )}
      <Grid templateColumns={{ base: 'repeat(4, 1fr)', md: 'repeat(7, 1fr)' }} gap="2" role="list" aria-label={t('tasksUi.daily.week')} data-testid="daily-week">
        {week.map((d) => {
          const h = total(d);
          const gap = missing.includes(d);
          return (
            <Box
              key={d}
              as="button"
              role="listitem"
              aria-current={d === day ? 'date' : undefined}
              onClick={() => onDay(d)}
              textAlign="start"
              borderWidth={d === day ? '2px' : '1px'}
              borderColor={d === day ? 'border.info' : gap ? 'border.warning' : undefined}
              bg={gap ? 'bg.warning' : 'bg.panel'}
              borderRadius="md"
              p="2"
              data-testid={`daily-day-${d}`}
              data-missing={gap || undefined}
            >
              <Text fontSize="xs" color="fg.muted">
                {label(d)}
              </Text>
              <Text fontWeight="semibold">{h ? t('calendarUi.hours', { hours: hoursText(h) }) : gap ? t('tasksUi.daily.noEntry') : '—'}</Text>
            </Box>
          );
        })}
      </Grid>
      <Text fontSize="sm" color="fg.muted" data-testid="daily-week-total">
        {t('tasksUi.daily.weekTotal', { hours: hoursText(weekTotal) })}
      </Text>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" p="3" data-testid="daily-day">
        <Flex align="center" gap="2" mb="3" wrap="wrap">
          <Heading size="md" as="h2" flex="1" minW={{ base: 'full', md: '0' }}>
            {f.lang === 'en' ? DateTime.fromISO(day).setLocale('en-GB').toFormat('EEEE d MMMM yyyy') : DateTime.fromISO(day).setLocale('zh-CN').toFormat('yyyy年M月d日 EEEE')}
          </Heading>
          {reminder?.isNeed && reminder.workTasksLength > 0 && (
            <Text fontSize="sm" color="fg.warning">
              {t('calendarUi.reminderTasks', { count: reminder.workTasksLength })}
            </Text>
          )}
          {editing !== day && (
            <Button size="sm" variant="outline" onClick={() => setEditing(day)} data-testid="daily-edit">
              <Pencil size={14} /> {t(entries.length ? 'tasksUi.daily.edit' : 'tasksUi.daily.add')}
            </Button>
          )}
        </Flex>
        {editing === day ? (
          <DayForm
            key={day}
            day={day}
            entries={entries}
            zone={zone}
            onCancel={() => setEditing(null)}
            onDone={() => {
              setEditing(null);
              onSaved();
            }}
          />
        ) : !entries.length ? (
          <Text color="fg.subtle" data-testid="daily-empty">
            {t('tasksUi.daily.empty')}
          </Text>
        ) : (
          <Stack gap="2" data-testid="daily-entries">
            {entries.map((e) => (
              <Flex key={e.id} gap="3" borderBottomWidth="1px" pb="2" wrap="wrap" data-testid="daily-entry">
                <Text fontSize="sm" fontVariantNumeric="tabular-nums" minW="28">
                  {f.time(e.beginAt)}–{f.time(e.endAt)}
                </Text>
                <Text fontSize="sm" fontWeight="semibold" minW="16">
                  {hoursText(e.workHours)} h
                </Text>
                <Text fontSize="sm" minW="32">
                  {e.project ? personName(e.project, f.lang) : t('calendarUi.noProject')}
                  {e.scheduleType === 2 ? ` · ${t('calendarUi.overtime')}` : ''}
                </Text>
                <RichTextView html={e.content} fontSize="sm" color="fg.muted" flex="1" minW="40" whiteSpace="pre-wrap" />
                <IconButton size="xs" variant="ghost" aria-label={t('tasksUi.daily.deleteEntry')} onClick={() => setRemoving(e)} data-testid="daily-entry-delete">
                  <Trash2 size={14} />
                </IconButton>
                {e.taskIds.length > 0 && (
                  <Flex gap="1" fontSize="sm">
                    {e.taskIds.map((id) => (
                      <Link key={id} to={`/mission/details/${id}`} style={{ textDecoration: 'underline' }}>
                        #{id}
                      </Link>
                    ))}
                  </Flex>
                )}
              </Flex>
            ))}
          </Stack>
        )}
      </Box>
      {removing && (
        <ConfirmDialog
          title={t('tasksUi.daily.deleteTitle')}
          message={t('tasksUi.daily.deleteMessage', { time: `${f.time(removing.beginAt)}–${f.time(removing.endAt)}`, hours: hoursText(removing.workHours) })}
          confirmLabel={t('tasksUi.daily.deleteConfirm')}
          destructive
          busy={remove.busy}
          error={remove.error}
          onClose={() => setRemoving(null)}
          onConfirm={() =>
            remove.run(
              { input: { ids: [removing.id] } },
              {
                onDone: () => {
                  setRemoving(null);
                  notify('success', t('tasksUi.daily.deleted'));
                  onSaved();
                },
              },
            )
          }
          testId="daily-delete-dialog"
        />
      )}
    </Stack>
  );
}

/**
 * 每日工作 (working: daily-work views): the viewer's work log (schedule entries) day by day,
 * a week at a glance with the hours of each day, the day's entries, and a form to write or
 * change them (saveScheduleEntries: the server checks every row again) or delete one
 * (deleteScheduleEntries, after a confirmation). Workdays of the last 30 days without a log
 * (missingWorkDays: the server's rule, in the viewer's time zone) are named in a banner whose link
 * opens the first of them, ready to fill.
 */
export default function DailyWork() {
  const { t } = useTranslation();
  const f = useFormat();
  const [params, setParams] = useSearchParams();
  const today = DateTime.now().setZone(f.zone).toISODate()!;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(params.get('day') ?? '') ? params.get('day')! : today;
  const { queryRef, load, retry } = useRouteQuery(dailyWorkRoute, dailyVariables(day));
  const [pending, startTransition] = useTransition();
  const variables = dailyVariables(day);
  const [loaded, setLoaded] = useState(JSON.stringify(queryRef.variables));
  if (loaded !== JSON.stringify(variables)) {
    setLoaded(JSON.stringify(variables));
    startTransition(() => load(variables));
  }
  const go = (d: string) => setParams(d === today ? {} : { day: d });
  const shift = (n: number) => go(DateTime.fromISO(day).plus({ days: n }).toISODate()!);
  return (
    <Stack gap="3" data-testid="daily-work">
      <Flex align="center" gap="2" wrap="wrap">
        <Heading size="lg" as="h1" flex="1" minW={{ base: 'full', sm: '0' }}>
          {t('tasksUi.daily.title')}
        </Heading>
        <IconButton size="sm" variant="outline" aria-label={t('tasksUi.daily.previous')} onClick={() => shift(-1)} data-testid="daily-prev">
          <ChevronLeft size={16} />
        </IconButton>
        <Box w="40">
          <DateField size="sm" value={day} onChange={(v) => v && go(v)} label={t('tasksUi.daily.day')} testId="daily-date" />
        </Box>
        <IconButton size="sm" variant="outline" aria-label={t('tasksUi.daily.next')} onClick={() => shift(1)} data-testid="daily-next">
          <ChevronRight size={16} />
        </IconButton>
        <Button size="sm" variant="outline" onClick={() => go(today)} data-testid="daily-today">
          {t('tasksUi.daily.today')}
        </Button>
      </Flex>
      <Box opacity={pending ? 0.6 : 1} aria-busy={pending}>
        <QueryBoundary onRetry={retry}>
          <Day queryRef={queryRef} day={day} onDay={go} onSaved={() => startTransition(() => load(variables, 'network-only'))} />
        </QueryBoundary>
      </Box>
    </Stack>
  );
}
