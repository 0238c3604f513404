import { Badge, Box, Button, Checkbox, CloseButton, Field, Flex, Grid, Input, NativeSelect, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { DateTime } from 'luxon';
import { Suspense, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { DialogLoading, DialogShell, useOpener } from '../../../components/DialogShell.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { DateField } from '../../../components/fields/DateField.tsx';
import { TimeField } from '../../../components/fields/TimeField.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { ConflictList, type Clash } from '../../../components/calendar/ConflictList.tsx';
import { EVENT_TYPES, projectColour, typeEdge } from '../../../components/calendar/colours.ts';
import { fromInputValue, toInputValue } from '../../../components/calendar/localizer.ts';
import { PeopleSearch, personName, type Person } from './PeoplePicker.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useLang } from '../../../lib/useLang.ts';
import type { EventDialogQuery, EventDialogQuery$data } from './__generated__/EventDialogQuery.graphql.ts';
import type { EventDialogCreateMutation, RecurrenceInput } from './__generated__/EventDialogCreateMutation.graphql.ts';
import type { EventDialogUpdateMutation, EventScope } from './__generated__/EventDialogUpdateMutation.graphql.ts';
import type { EventDialogDeleteMutation } from './__generated__/EventDialogDeleteMutation.graphql.ts';
import type { EventDialogPublishMutation } from './__generated__/EventDialogPublishMutation.graphql.ts';
import type { EventDialogUnpublishMutation } from './__generated__/EventDialogUnpublishMutation.graphql.ts';
import { RecurrenceFields } from '../../../components/calendar/RecurrenceFields.tsx';
import { recurrenceInput, repeatFromRule, repeatProblem, repeatSummary, NO_REPEAT, type Repeat } from '../../../components/calendar/recurrence.ts';

export type { EventScope };

const eventQuery = graphql`
  query EventDialogQuery($id: ID!) {
    node(id: $id) {
      ... on WorkEvent {
        id
        databaseId
        title
        content
        address
        allDay
        isOpen
        published
        confirmed
        type
        timeZone
        startAt
        endAt
        canEdit
        isException
        creator {
          id
          databaseId
          name
          nameEn
        }
        project {
          id
          databaseId
          name
          nameEn
        }
        participants {
          confirmedAt
          user {
            id
            databaseId
            name
            nameEn
          }
        }
        series {
          id
          rrule
          rule {
            freq
            interval
            byWeekday
            byMonthDay
            count
            until
          }
        }
      }
    }
  }
`;

export const createMutation = graphql`
  mutation EventDialogCreateMutation($input: CreateWorkEventInput!) {
    createWorkEvent(input: $input) {
      __typename
      ... on WorkEventSavePayload {
        events {
          id
          databaseId
        }
      }
      ... on ScheduleConflictError {
        message
        total
        conflicts {
          occurrence
          start
          end
          kind
          title
          userName
          eventStart
          eventEnd
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export const updateMutation = graphql`
  mutation EventDialogUpdateMutation($input: UpdateWorkEventInput!) {
    updateWorkEvent(input: $input) {
      __typename
      ... on WorkEventSavePayload {
        deletedIds
        events {
          id
          databaseId
          title
          startAt
          endAt
          allDay
          published
        }
      }
      ... on ScheduleConflictError {
        message
        total
        conflicts {
          occurrence
          start
          end
          kind
          title
          userName
          eventStart
          eventEnd
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const deleteMutation = graphql`
  mutation EventDialogDeleteMutation($input: DeleteWorkEventInput!) {
    deleteWorkEvent(input: $input) {
      __typename
      ... on DeleteWorkEventPayload {
        deletedIds
        seriesDeleted
      }
      ... on Error {
        message
      }
    }
  }
`;

const publishMutation = graphql`
  mutation EventDialogPublishMutation($input: PublishWorkEventsInput!) {
    publishWorkEvents(input: $input) {
      __typename
      ... on WorkEventsPayload {
        events {
          id
          published
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const unpublishMutation = graphql`
  mutation EventDialogUnpublishMutation($input: PublishWorkEventsInput!) {
    unpublishWorkEvents(input: $input) {
      __typename
      ... on WorkEventsPayload {
        events {
          id
          published
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

export type Project = { id: string; databaseId: number; name: string; nameEn?: string | null };
type Loaded = NonNullable<EventDialogQuery$data['node']>;

/** Rich HTML from the server as plain lines for the text box, and back (escaped, lines as <br>). */
export function htmlToText(html: string): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/p>\s*<p[^>]*>/gi, '\n'), 'text/html');
  return (doc.body.textContent ?? '').trim();
}
export function textToHtml(text: string): string {
  const esc = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return esc.trim() ? `<p>${esc.split('\n').join('<br>')}</p>` : '';
}

/** What a new event starts with (a range selected on the grid). */
export type Draft = { start: Date; end: Date; allDay: boolean };

type Form = {
  title: string;
  content: string;
  address: string;
  participants: Person[];
  projectId: string;
  type: number;
  allDay: boolean;
  isOpen: boolean;
  published: boolean;
  start: string; // datetime-local or date (all-day)
  end: string;
  repeat: Repeat;
};

function formOf(draft: Draft, me: Person): Form {
  const allDay = draft.allDay;
  // An all-day selection ends at the next midnight: the form shows the last day.
  const end = allDay ? DateTime.fromJSDate(draft.end).minus({ days: 1 }).toJSDate() : draft.end;
  return {
    title: '',
    content: '',
    address: '',
    participants: [me],
    projectId: '',
    type: 1,
    allDay,
    isOpen: false,
    published: false,
    start: toInputValue(draft.start, allDay),
    end: toInputValue(end < draft.start ? draft.start : end, allDay),
    repeat: NO_REPEAT,
  };
}

function formOfEvent(e: Loaded): Form {
  const allDay = e.allDay ?? false;
  const start = new Date(e.startAt ?? '');
  const endRaw = new Date(e.endAt ?? '');
  const end = allDay ? DateTime.fromJSDate(endRaw).minus({ days: 1 }).toJSDate() : endRaw;
  return {
    title: e.title ?? '',
    content: htmlToText(e.content ?? ''),
    address: e.address ?? '',
    participants: (e.participants ?? []).map((p) => ({ id: p.user.id, databaseId: p.user.databaseId, name: p.user.name, nameEn: p.user.nameEn })),
    projectId: e.project?.id ?? '',
    type: e.type ?? 1,
    allDay,
    isOpen: e.isOpen ?? false,
    published: e.published ?? false,
    start: toInputValue(start, allDay),
    end: toInputValue(end < start ? start : end, allDay),
    repeat: e.series ? repeatFromRule(e.series.rule) : NO_REPEAT,
  };
}

/** The instants the form names (all-day: midnight of the first day to midnight after the last). */
function timing(f: Form): { startAt: Date | null; endAt: Date | null } {
  const s = fromInputValue(f.start);
  const e = fromInputValue(f.end);
  if (!s || !e) return { startAt: s, endAt: e };
  if (!f.allDay) return { startAt: s, endAt: e };
  return { startAt: DateTime.fromJSDate(s).startOf('day').toJSDate(), endAt: DateTime.fromJSDate(e).startOf('day').plus({ days: 1 }).toJSDate() };
}

type SaveResult = { readonly __typename: string; readonly message?: string; readonly total?: number; readonly conflicts?: readonly Clash[] };

/** The fields whose problems show under them (catalogue keys). */
type Errors = Partial<Record<'title' | 'time' | 'repeat', string>>;

/** Each field's problem, checked on submit and again as the form changes (a fixed field's message goes at once). */
function validate(f: Form): Errors {
  const errors: Errors = {};
  if (!f.title.trim()) errors.title = 'calendarUi.titleRequired';
  const { startAt, endAt } = timing(f);
  if (!startAt || !endAt || endAt < startAt) errors.time = 'calendarUi.endBeforeStart';
  const repeatIssue = repeatProblem(f.repeat);
  if (repeatIssue) errors.repeat = repeatIssue;
  return errors;
}

function Section({ label, children, testId, error, errorTestId }: { label: string; children: ReactNode; testId?: string; error?: string | null; errorTestId?: string }) {
  return (
    <Field.Root data-testid={testId} invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      {children}
      {error ? <Field.ErrorText data-testid={errorTestId}>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/** A wall time "yyyy-MM-ddTHH:mm" (or a day) edited as a day and, unless all day, a 24-hour time. */
function WhenField({ name, label, value, allDay, disabled, onChange }: { name: string; label: string; value: string; allDay: boolean; disabled: boolean; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const day = value.slice(0, 10);
  const clock = value.slice(11, 16);
  return (
    <Flex gap="2" w="full">
      <Box flex="1" minW="0">
        <DateField name={`${name}-date`} label={`${label} · ${t('client.field.date')}`} value={day} disabled={disabled} onChange={(d) => onChange(allDay ? d : `${d}T${clock || '09:00'}`)} />
      </Box>
      {!allDay && (
        <Box w="28" flexShrink={0}>
          <TimeField name={`${name}-time`} label={`${label} · ${t('client.field.time')}`} value={clock} disabled={disabled} onChange={(c) => onChange(`${day}T${c}`)} />
        </Box>
      )}
    </Flex>
  );
}

function Body({ draft, eventId, me, projects, zone, onClose, onSaved, titleRef, opener }: Props & { titleRef: RefObject<HTMLInputElement | null>; opener: () => HTMLElement | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const data = useLazyLoadQuery<EventDialogQuery>(eventQuery, { id: eventId ?? '' }, { fetchPolicy: eventId ? 'network-only' : 'store-only' });
  const loaded = eventId ? data.node : null;
  const isSeries = !!loaded?.series;
  const readOnly = !!loaded && !loaded.canEdit;
  const [form, setForm] = useState<Form>(() => (loaded ? formOfEvent(loaded) : formOf(draft!, me)));
  const [initial] = useState(form);
  const [scope, setScope] = useState<EventScope>('THIS');
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [clash, setClash] = useState<{ total: number; conflicts: readonly Clash[] } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [wholeSeries, setWholeSeries] = useState(false);
  const create = useMutationAction<EventDialogCreateMutation, SaveResult>(createMutation, (r) => r.createWorkEvent);
  const update = useMutationAction<EventDialogUpdateMutation, SaveResult>(updateMutation, (r) => r.updateWorkEvent);
  const remove = useMutationAction<EventDialogDeleteMutation, SaveResult>(deleteMutation, (r) => r.deleteWorkEvent);
  const publish = useMutationAction<EventDialogPublishMutation, SaveResult>(publishMutation, (r) => r.publishWorkEvents);
  const unpublish = useMutationAction<EventDialogUnpublishMutation, SaveResult>(unpublishMutation, (r) => r.unpublishWorkEvents);
  const actions = [create, update, remove, publish, unpublish];
  // What the server or the network refused: shown above the form, which keeps everything typed.
  const failure = problem ?? actions.find((a) => a.error)?.error ?? null;
  // A field's message goes as soon as the form no longer has that problem (never a new one while typing).
  const change = (next: (f: Form) => Form) =>
    setForm((f) => {
      const updated = next(f);
      setErrors((prev) => {
        if (!Object.keys(prev).length) return prev;
        const now = validate(updated);
        const kept: Errors = {};
        for (const k of Object.keys(prev) as Array<keyof Errors>) if (now[k]) kept[k] = now[k];
        return kept;
      });
      return updated;
    });
  const set = <K extends keyof Form>(key: K, value: Form[K]) => change((f) => ({ ...f, [key]: value }));

  /** Success closes the dialog; a clash lists itself with "save anyway"; other refusals show their message. */
  const answered = (okText: string) => ({
    onDone: () => {
      notify('success', okText);
      onSaved();
      onClose();
    },
    onRefused: (r: SaveResult) => {
      if (r.__typename === 'ScheduleConflictError') {
        setClash({ total: r.total ?? 0, conflicts: r.conflicts ?? [] });
        return true;
      }
      setClash(null);
      return false;
    },
  });

  function save(force: boolean) {
    setProblem(null);
    const found = validate(form);
    setErrors(found);
    if (Object.keys(found).length) {
      if (found.title) titleRef.current?.focus();
      return;
    }
    const { startAt, endAt } = timing(form) as { startAt: Date; endAt: Date };
    const recurrence: RecurrenceInput | null = recurrenceInput(form.repeat);
    const common = {
      title: form.title.trim(),
      content: textToHtml(form.content),
      address: form.address.trim(),
      participantIds: form.participants.map((p) => p.id),
      type: form.type,
      allDay: form.allDay,
      isOpen: form.isOpen,
      startAt: startAt.toISOString(),
      endAt: endAt.toISOString(),
      force,
    };
    if (!loaded) {
      create.run({ input: { ...common, projectId: form.projectId || null, published: form.published, timeZone: zone, recurrence } }, answered(t('calendarUi.saved')));
      return;
    }
    const ruleChanged = JSON.stringify(form.repeat) !== JSON.stringify(initial.repeat);
    update.run(
      {
        input: {
          ...common,
          id: loaded.id!,
          scope: isSeries ? scope : null,
          ...(form.projectId ? { projectId: form.projectId } : { clearProject: true }),
          // A rule is sent when it changed (a whole series or the following part), or to make a single event a series.
          ...(ruleChanged && recurrence && (!isSeries || scope !== 'THIS') ? { recurrence } : {}),
        },
      },
      answered(t('calendarUi.saved')),
    );
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    save(false);
  }

  const busy = actions.some((a) => a.busy);
  const heading = !loaded ? t('calendarUi.dialog.new') : readOnly ? t('calendarUi.dialog.view') : t('calendarUi.dialog.edit');
  const chosenProject = projects.find((p) => p.id === form.projectId);
  const error = (k: keyof Errors) => (errors[k] ? t(errors[k]) : null);

  const header = (
    <Flex align="center" gap="2" wrap="wrap" fontWeight="semibold" fontSize="lg">
      {heading}
      {loaded && (
        <Badge colorPalette={loaded.published ? 'green' : 'gray'} data-testid="event-publish-state">
          {t(loaded.published ? 'calendarUi.publishedBadge' : 'calendarUi.draft')}
        </Badge>
      )}
      {isSeries && <Badge colorPalette="purple">{t('calendarUi.recurring')}</Badge>}
    </Flex>
  );

  const footer = (
    <Flex justify="space-between" wrap="wrap" gap="2" w="full">
      <Flex gap="2" wrap="wrap" align="center">
        {loaded && !readOnly && (
          <>
            {confirmDelete ? (
              <Flex gap="2" align="center" wrap="wrap" data-testid="delete-confirm">
                <Text fontSize="sm" color="fg.error">
                  {t('calendarUi.deleteConfirm')}
                </Text>
                <Button
                  size="sm"
                  colorPalette="red"
                  loading={remove.busy}
                  onClick={() => remove.run({ input: { id: loaded.id!, scope: isSeries ? scope : null } }, answered(t('calendarUi.deleted')))}
                  data-testid="delete-yes"
                >
                  {t('calendarUi.delete')}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setConfirmDelete(false)}>
                  {t('calendarUi.cancel')}
                </Button>
              </Flex>
            ) : (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirmDelete(true)} data-testid="event-delete">
                {t('calendarUi.delete')}
              </Button>
            )}
            {loaded.published ? (
              <Button
                size="sm"
                variant="outline"
                loading={unpublish.busy}
                onClick={() => unpublish.run({ input: { ids: [loaded.id!], wholeSeries } }, answered(t('calendarUi.unpublished')))}
                data-testid="event-unpublish"
              >
                {t('calendarUi.unpublish')}
              </Button>
            ) : (
              <Button
                size="sm"
                variant="outline"
                colorPalette="green"
                loading={publish.busy}
                onClick={() => publish.run({ input: { ids: [loaded.id!], wholeSeries } }, answered(t('calendarUi.published')))}
                data-testid="event-publish"
              >
                {t('calendarUi.publish')}
              </Button>
            )}
            {isSeries && (
              <Checkbox.Root size="sm" checked={wholeSeries} onCheckedChange={(e) => setWholeSeries(!!e.checked)} data-testid="publish-whole-series">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('calendarUi.wholeSeries')}</Checkbox.Label>
              </Checkbox.Root>
            )}
          </>
        )}
      </Flex>
      <Flex gap="2" ml="auto">
        <Button variant="outline" onClick={onClose}>
          {readOnly ? t('calendarUi.close') : t('calendarUi.cancel')}
        </Button>
        {!readOnly && (
          <Button type="submit" colorPalette="blue" loading={create.busy || update.busy} data-testid="event-save">
            {t('calendarUi.save')}
          </Button>
        )}
      </Flex>
    </Flex>
  );

  return (
    <DialogShell title={heading} header={header} footer={footer} onClose={onClose} onSubmit={submit} size="xl" testId="event-dialog" initialFocus={loaded ? undefined : () => titleRef.current} returnFocus={opener}>
      <Stack gap="4" data-mode={loaded ? 'edit' : 'new'} data-testid="event-form">
        <FormError message={failure} testId="event-error" />
        {clash && (
          <Box borderWidth="1px" borderColor="border.errorSubtle" bg="bg.error" borderRadius="md" p="3" data-testid="conflict-panel">
            <ConflictList clashes={clash.conflicts} total={clash.total} />
            <Flex gap="2" mt="3" justify="flex-end" wrap="wrap">
              <Button size="sm" variant="outline" onClick={() => setClash(null)} data-testid="conflict-cancel">
                {t('calendarUi.cancel')}
              </Button>
              <Button size="sm" colorPalette="red" loading={busy} onClick={() => save(true)} data-testid="conflict-save-anyway">
                {t('calendarUi.conflict.saveAnyway')}
              </Button>
            </Flex>
          </Box>
        )}
        <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="4">
          <Stack gap="3" minW="0">
            <Field.Root required invalid={!!errors.title}>
              <Field.Label>
                {t('calendarUi.field.title')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                name="title"
                value={form.title}
                maxLength={200}
                disabled={readOnly}
                onChange={(e) => set('title', e.target.value)}
                onBlur={() => !form.title.trim() && form.title !== initial.title && setErrors((x) => ({ ...x, title: 'calendarUi.titleRequired' }))}
                ref={titleRef}
              />
              {errors.title && <Field.ErrorText data-testid="title-error">{error('title')}</Field.ErrorText>}
            </Field.Root>
            <Checkbox.Root
              checked={form.allDay}
              disabled={readOnly}
              onCheckedChange={(e) => {
                const allDay = !!e.checked;
                change((f) => {
                  const s = fromInputValue(f.start) ?? new Date();
                  const en = fromInputValue(f.end) ?? s;
                  return {
                    ...f,
                    allDay,
                    start: toInputValue(s, allDay),
                    end: toInputValue(
                      allDay
                        ? en
                        : DateTime.fromJSDate(en)
                            .plus({ hours: en.getTime() === s.getTime() ? 1 : 0 })
                            .toJSDate(),
                      allDay,
                    ),
                  };
                });
              }}
              data-testid="field-allday"
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('calendarUi.field.allDay')}</Checkbox.Label>
            </Checkbox.Root>
            {/* Start and end on their own rows: a day and a time each need the column's width. */}
            <Grid templateColumns="minmax(0, 1fr)" gap="3">
              <Section label={t('calendarUi.field.start')}>
                <WhenField name="start" label={t('calendarUi.field.start')} value={form.start} allDay={form.allDay} disabled={readOnly} onChange={(v) => set('start', v)} />
              </Section>
              <Section label={t('calendarUi.field.end')} error={error('time')} errorTestId="time-error">
                <WhenField name="end" label={t('calendarUi.field.end')} value={form.end} allDay={form.allDay} disabled={readOnly} onChange={(v) => set('end', v)} />
              </Section>
            </Grid>
            <Section label={t('calendarUi.field.address')}>
              <Input name="address" value={form.address} maxLength={200} disabled={readOnly} onChange={(e) => set('address', e.target.value)} />
            </Section>
            <Grid templateColumns="minmax(0, 1fr) minmax(0, 1fr)" gap="3">
              <Section label={t('calendarUi.field.project')}>
                <NativeSelect.Root size="sm" disabled={readOnly}>
                  <NativeSelect.Field name="project" value={form.projectId} onChange={(e) => set('projectId', e.target.value)} borderLeftWidth="4px" borderLeftColor={projectColour(chosenProject?.databaseId)}>
                    <option value="">{t('calendarUi.noProject')}</option>
                    {loaded?.project && !projects.some((p) => p.id === loaded.project!.id) && (
                      <option value={loaded.project.id}>{lang === 'en' && loaded.project.nameEn ? loaded.project.nameEn : loaded.project.name}</option>
                    )}
                    {projects.map((p) => (
                      <option key={p.id} value={p.id}>
                        {lang === 'en' && p.nameEn ? p.nameEn : p.name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Section>
              <Section label={t('calendarUi.field.type')}>
                <NativeSelect.Root size="sm" disabled={readOnly}>
                  <NativeSelect.Field name="type" value={String(form.type)} onChange={(e) => set('type', Number(e.target.value))} borderLeftWidth="4px" borderLeftColor={typeEdge(form.type)}>
                    {EVENT_TYPES.map((ty) => (
                      <option key={ty} value={ty}>
                        {t(`calendarUi.type.${ty}`)}
                      </option>
                    ))}
                    {!EVENT_TYPES.includes(form.type as 1) && <option value={form.type}>{form.type}</option>}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Section>
            </Grid>
            <Section label={t('calendarUi.field.content')}>
              <Textarea name="content" rows={4} value={form.content} disabled={readOnly} onChange={(e) => set('content', e.target.value)} />
            </Section>
            <Checkbox.Root checked={form.isOpen} disabled={readOnly} onCheckedChange={(e) => set('isOpen', !!e.checked)} data-testid="field-open">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('calendarUi.field.isOpen')}</Checkbox.Label>
            </Checkbox.Root>
            {!loaded && (
              <Checkbox.Root checked={form.published} onCheckedChange={(e) => set('published', !!e.checked)} data-testid="field-published">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t('calendarUi.field.published')}</Checkbox.Label>
              </Checkbox.Root>
            )}
          </Stack>
          <Stack gap="3" minW="0">
            <Section label={t('calendarUi.field.participants')} testId="field-participants">
              <Flex gap="1" wrap="wrap" minH="6">
                {form.participants.map((p) => (
                  <Badge key={p.id} variant="subtle" colorPalette="blue" pr={readOnly ? undefined : '0'} data-testid="participant-chip">
                    {personName(p, lang)}
                    {!readOnly && (
                      <CloseButton
                        size="2xs"
                        aria-label={t('calendarUi.removePerson', { name: personName(p, lang) })}
                        onClick={() =>
                          set(
                            'participants',
                            form.participants.filter((x) => x.id !== p.id),
                          )
                        }
                      />
                    )}
                  </Badge>
                ))}
              </Flex>
              {!readOnly && (
                <Box w="full" borderWidth="1px" borderRadius="md" p="2" mt="1">
                  <PeopleSearch
                    chosen={form.participants}
                    onToggle={(p) => set('participants', form.participants.some((x) => x.id === p.id) ? form.participants.filter((x) => x.id !== p.id) : [...form.participants, p])}
                    testId="participant-search"
                  />
                </Box>
              )}
            </Section>
            {(!isSeries || scope !== 'THIS') && !readOnly ? (
              <RecurrenceFields value={form.repeat} onChange={(r) => set('repeat', r)} start={fromInputValue(form.start)} error={error('repeat')} />
            ) : isSeries ? (
              <Stack gap="1" data-testid="recurrence-summary">
                <Text fontSize="sm" fontWeight="medium">
                  {t('calendarUi.field.repeat')}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {repeatSummary(form.repeat, t, lang)}
                </Text>
              </Stack>
            ) : null}
            {loaded && (
              <Text fontSize="sm" color="fg.muted">
                {t('calendarUi.field.creator')}: {personName(loaded.creator!, lang)} · {t('calendarUi.field.timeZone')}: {loaded.timeZone}
              </Text>
            )}
          </Stack>
        </Grid>
        {isSeries && !readOnly && (
          <Box borderTopWidth="1px" pt="3">
            <RadioGroup.Root value={scope} onValueChange={(e) => setScope(e.value as EventScope)} size="sm" data-testid="event-scope" aria-label={t('calendarUi.scope.title')}>
              <Flex gap="4" wrap="wrap">
                {(['THIS', 'FOLLOWING', 'ALL'] as const).map((s) => (
                  <RadioGroup.Item key={s} value={s} data-testid={`scope-${s}`}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{t(`calendarUi.scope.${s}`)}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </Flex>
            </RadioGroup.Root>
          </Box>
        )}
      </Stack>
    </DialogShell>
  );
}

type Props = {
  /** A new event over this range, or */
  draft?: Draft | null;
  /** the event to open. */
  eventId?: string | null;
  me: Person;
  projects: readonly Project[];
  zone: string;
  onClose: () => void;
  onSaved: () => void;
};

/** Create, view, edit, publish and delete one work event (with the conflict check and the series scope). */
export function EventDialog(props: Props) {
  const { t } = useTranslation();
  // A new event starts in its title field; focus returns to what opened the dialog.
  const titleRef = useRef<HTMLInputElement>(null);
  const opener = useOpener();
  return (
    <Suspense fallback={<DialogLoading title={t('calendarUi.dialog.edit')} onClose={props.onClose} testId="event-dialog-loading" size="xl" />}>
      <Body {...props} titleRef={titleRef} opener={opener} />
    </Suspense>
  );
}
