import { Badge, Box, Button, Flex, Grid, Stack } from '@chakra-ui/react';
import { Suspense, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { DialogLoading, DialogShell, useOpener } from '../../../components/DialogShell.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { ConflictList, type Clash } from '../../../components/calendar/ConflictList.tsx';
import { recurrenceInput } from '../../../components/calendar/recurrence.ts';
import { notify } from '../../../components/toaster.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import type { Person } from './PeoplePicker.tsx';
import { EventFooter } from './EventFooter.tsx';
import { EventMainFields, EventPeopleFields, EventScopeChoice, type Project } from './EventFields.tsx';
import { formOf, formOfEvent, keptErrors, textToHtml, timing, validate, type Draft, type Errors, type Form } from './eventForm.ts';
import type { EventDialogQuery } from './__generated__/EventDialogQuery.graphql.ts';
import type { EventDialogCreateMutation, RecurrenceInput } from './__generated__/EventDialogCreateMutation.graphql.ts';
import type { EventDialogUpdateMutation, EventScope } from './__generated__/EventDialogUpdateMutation.graphql.ts';
import type { EventDialogDeleteMutation } from './__generated__/EventDialogDeleteMutation.graphql.ts';
import type { EventDialogPublishMutation } from './__generated__/EventDialogPublishMutation.graphql.ts';
import type { EventDialogUnpublishMutation } from './__generated__/EventDialogUnpublishMutation.graphql.ts';

export type { Draft, Project };

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
      ...ConflictList_clash @relay(mask: false) @dangerously_unaliased_fixme
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
      ...ConflictList_clash @relay(mask: false) @dangerously_unaliased_fixme
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

type SaveResult = { readonly __typename: string; readonly message?: string; readonly total?: number; readonly conflicts?: readonly Clash[] };

function Body({ draft, eventId, me, projects, zone, onClose, onSaved, titleRef, opener }: Props & { titleRef: RefObject<HTMLInputElement | null>; opener: () => HTMLElement | null }) {
  const { t } = useTranslation();
  const data = useLazyLoadQuery<EventDialogQuery>(eventQuery, { id: eventId ?? '' }, { fetchPolicy: eventId ? 'store-and-network' : 'store-only' });
  const loaded = eventId ? (data.node ?? null) : null;
  const isSeries = !!loaded?.series;
  const readOnly = !!loaded && !loaded.canEdit;
  const [form, setForm] = useState<Form>(() => (loaded ? formOfEvent(loaded) : formOf(draft!, me)));
  const [initial] = useState(form);
  const [scope, setScope] = useState<EventScope>('THIS');
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [clash, setClash] = useState<{ total: number; conflicts: readonly Clash[] } | null>(null);
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
      setErrors((prev) => keptErrors(prev, updated));
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
    <EventFooter
      loaded={loaded}
      readOnly={readOnly}
      isSeries={isSeries}
      busy={{ save: create.busy || update.busy, remove: remove.busy, publish: publish.busy, unpublish: unpublish.busy }}
      onDelete={() => remove.run({ input: { id: loaded!.id!, scope: isSeries ? scope : null } }, answered(t('calendarUi.deleted')))}
      onPublish={(published, wholeSeries) =>
        published ? publish.run({ input: { ids: [loaded!.id!], wholeSeries } }, answered(t('calendarUi.published'))) : unpublish.run({ input: { ids: [loaded!.id!], wholeSeries } }, answered(t('calendarUi.unpublished')))
      }
      onClose={onClose}
    />
  );

  const fields = { form, change, set, readOnly, errors, loaded };
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
          <EventMainFields {...fields} projects={projects} initialTitle={initial.title} onTitleMissing={() => setErrors((x) => ({ ...x, title: 'calendarUi.titleRequired' }))} titleRef={titleRef} />
          <EventPeopleFields {...fields} isSeries={isSeries} scope={scope} />
        </Grid>
        {isSeries && !readOnly && <EventScopeChoice scope={scope} onChange={setScope} />}
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
