import { Badge as Tag, Box, Button, Field, Flex, Grid, Heading, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { Pencil, Plus } from 'lucide-react';
import { Suspense, useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useLazyLoadQuery } from 'react-relay';
import { DateField } from '../../../components/fields/DateField.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { notify } from '../../../components/toaster.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { DOC_STATES } from '../shared/codes.ts';
import type { ApplicationDocuments_app$data, ApplicationDocuments_app$key } from './__generated__/ApplicationDocuments_app.graphql.ts';
import type { ApplicationDocumentsSaoQuery, ApplicationDocumentsSaoQuery$data } from './__generated__/ApplicationDocumentsSaoQuery.graphql.ts';
import type { ApplicationDocumentsSaveDocMutation } from './__generated__/ApplicationDocumentsSaveDocMutation.graphql.ts';
import type { ApplicationDocumentsSaveSaoMutation } from './__generated__/ApplicationDocumentsSaveSaoMutation.graphql.ts';
import type { ApplicationDocumentsSaveTrackMutation } from './__generated__/ApplicationDocumentsSaveTrackMutation.graphql.ts';
import { LoadingBar } from '../../../components/LoadingBar.tsx';
import { ChoiceSelect } from '../../../components/fields/ChoiceSelect.tsx';

const appFragment = graphql`
  fragment ApplicationDocuments_app on Application {
    id
    archive {
      id
    }
    documents {
      id
      databaseId
      type
      name
      state
      note
      dueDate
      logs {
        databaseId
        fromState
        toState
        note
        userName
        createdAt
      }
    }
    tracks {
      databaseId
      type
      day
      content
      userName
      createdAt
    }
  }
`;

const saoQuery = graphql`
  query ApplicationDocumentsSaoQuery($archiveId: ID!) {
    saoDocuments(archiveId: $archiveId) {
      databaseId
      type
      name
      state
      note
      logs {
        databaseId
        fromState
        toState
        note
        userName
        createdAt
      }
    }
  }
`;

const saveDocMutation = graphql`
  mutation ApplicationDocumentsSaveDocMutation($input: SaveApplicationDocumentInput!) {
    saveApplicationDocument(input: $input) {
      __typename
      ... on ApplicationDocumentPayload {
        applications {
          ...ApplicationDocuments_app
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const saveSaoMutation = graphql`
  mutation ApplicationDocumentsSaveSaoMutation($input: SaveSaoDocumentInput!) {
    saveSaoDocument(input: $input) {
      __typename
      ... on SaoDocumentPayload {
        saoDocument {
          databaseId
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const saveTrackMutation = graphql`
  mutation ApplicationDocumentsSaveTrackMutation($input: SaveProgressTrackInput!) {
    saveProgressTrack(input: $input) {
      __typename
      ... on ProgressTrackPayload {
        application {
          ...ApplicationDocuments_app
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

/** Type numbers as the schema lists them (ApplicationDocument.type, SaoDocument.type, ProgressTrack.type). */
const APP_DOC_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
const SAO_DOC_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
const TRACK_TYPES = [1, 2, 3, 4, 5, 6, 7] as const;
const DOC_PALETTE: Record<string, string> = { NOT_STARTED: 'gray', IN_PROGRESS: 'orange', SUBMITTED: 'blue', CONFIRMED: 'green' };

type Doc = ApplicationDocuments_app$data['documents'][number];
type Track = ApplicationDocuments_app$data['tracks'][number];
type Sao = NonNullable<ApplicationDocumentsSaoQuery$data['saoDocuments']>[number];
type Log = Doc['logs'][number];
type Draft = { type: string; name: string; state: string; note: string; dueDate: string };

function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <Tag colorPalette={DOC_PALETTE[state] ?? 'gray'} variant="subtle">
      {t(`schoolsUi.docState.${state}`)}
    </Tag>
  );
}

/** A document's state changes, newest first, folded away under the row. */
function Logs({ logs, name }: { logs: readonly Log[]; name: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  if (!logs.length) return null;
  return (
    <Box as="details" fontSize="sm" mt="1">
      <Text as="summary" cursor="pointer" color="fg.link">
        {t('schoolsUi.docs.logs', { count: logs.length, name })}
      </Text>
      <Stack as="ol" gap="1" mt="1" pl="4" data-testid="doc-logs">
        {logs.map((l) => (
          <li key={l.databaseId}>
            <Text as="span">
              {l.fromState
                ? t('schoolsUi.docs.logLine', { from: t(`schoolsUi.docState.${l.fromState}`), to: t(`schoolsUi.docState.${l.toState}`) })
                : t('schoolsUi.docs.logNew', { to: t(`schoolsUi.docState.${l.toState}`) })}
            </Text>
            {l.note && <Text as="span" color="fg.muted">{` · ${l.note}`}</Text>}
            <Text as="span" color="fg.subtle" fontSize="xs">{` · ${[l.userName, fmt.dateTime(l.createdAt as string)].filter(Boolean).join(' · ')}`}</Text>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/** The add/edit form of an application document or an SAO document (SAO documents have no due day). */
function DocDialog({
  title,
  testId,
  typePrefix,
  types,
  initial,
  withDue,
  busy,
  error,
  onSave,
  onClose,
}: {
  title: string;
  testId: string;
  typePrefix: string;
  types: readonly number[];
  initial: Draft;
  withDue: boolean;
  busy: boolean;
  error: string | null;
  onSave: (d: Draft) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [d, setD] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const set = (k: keyof Draft) => (v: string) => setD((x) => ({ ...x, [k]: v }));
  return (
    <FormDialog
      title={title}
      testId={testId}
      onClose={onClose}
      busy={busy}
      error={error}
      onSave={() => {
        if (!d.name.trim()) return setProblem(t('schoolsUi.docs.nameRequired'));
        onSave({ ...d, name: d.name.trim(), note: d.note.trim() });
      }}
    >
      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="3">
        <Field.Root required>
          <Field.Label htmlFor={`${testId}-type`}>
            {t('schoolsUi.docs.type')}
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field id={`${testId}-type`} value={d.type} onChange={(e) => set('type')(e.target.value)} data-testid={`${testId}-type`}>
              {types.map((n) => (
                <option key={n} value={String(n)}>
                  {t(`${typePrefix}.${n}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root invalid={!!problem} required>
          <Field.Label htmlFor={`${testId}-name`}>
            {t('schoolsUi.docs.name')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input id={`${testId}-name`} size="sm" value={d.name} onChange={(e) => (set('name')(e.target.value), e.target.value.trim() && setProblem(null))} data-testid={`${testId}-name`} />
          {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
        </Field.Root>
        <Field.Root>
          <Field.Label htmlFor={`${testId}-state`}>{t('schoolsUi.docs.state')}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field id={`${testId}-state`} value={d.state} onChange={(e) => set('state')(e.target.value)} data-testid={`${testId}-state`}>
              {DOC_STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`schoolsUi.docState.${s}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {withDue && (
          <Field.Root>
            <Field.Label>{t('schoolsUi.docs.due')}</Field.Label>
            <DateField size="sm" value={d.dueDate} onChange={set('dueDate')} label={t('schoolsUi.docs.due')} testId={`${testId}-due`} />
          </Field.Root>
        )}
      </Grid>
      <Field.Root mt="3">
        <Field.Label htmlFor={`${testId}-note`}>{t('schoolsUi.docs.note')}</Field.Label>
        <Textarea id={`${testId}-note`} rows={3} value={d.note} onChange={(e) => set('note')(e.target.value)} data-testid={`${testId}-note`} />
      </Field.Root>
    </FormDialog>
  );
}

function TrackDialog({
  initial,
  busy,
  error,
  onSave,
  onClose,
}: {
  initial: { type: string; day: string; content: string };
  busy: boolean;
  error: string | null;
  onSave: (d: { type: string; day: string; content: string }) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [d, setD] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <FormDialog
      title={t(initial.content ? 'schoolsUi.docs.editTrack' : 'schoolsUi.docs.addTrack')}
      testId="track-dialog"
      onClose={onClose}
      busy={busy}
      error={error}
      onSave={() => {
        if (!d.content.trim()) return setProblem(t('schoolsUi.docs.contentRequired'));
        onSave({ ...d, content: d.content.trim() });
      }}
    >
      <Grid templateColumns={{ base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }} gap="3">
        <Field.Root required>
          <Field.Label htmlFor="track-dialog-type">
            {t('schoolsUi.docs.type')}
            <Field.RequiredIndicator />
          </Field.Label>
          <ChoiceSelect
            size="sm"
            id="track-dialog-type"
            value={d.type}
            onChange={(type) => setD((x) => ({ ...x, type }))}
            options={TRACK_TYPES.map((n) => ({ value: String(n), label: t(`schoolsUi.docs.trackType.${n}`) }))}
            testId="track-dialog-type"
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('schoolsUi.docs.day')}</Field.Label>
          <DateField size="sm" value={d.day} onChange={(v) => setD((x) => ({ ...x, day: v }))} label={t('schoolsUi.docs.day')} testId="track-dialog-day" />
        </Field.Root>
      </Grid>
      <Field.Root mt="3" invalid={!!problem} required>
        <Field.Label htmlFor="track-dialog-content">
          {t('schoolsUi.docs.content')}
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea id="track-dialog-content" rows={4} value={d.content} onChange={(e) => (setD((x) => ({ ...x, content: e.target.value })), e.target.value.trim() && setProblem(null))} data-testid="track-dialog-content" />
        {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
      </Field.Root>
    </FormDialog>
  );
}

function EditButton({ label, onClick, testId }: { label: string; onClick: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Button size="xs" variant="outline" aria-label={label} onClick={onClick} data-testid={testId}>
      <Pencil size={12} /> {t('schoolsUi.docs.edit')}
    </Button>
  );
}

/** A row of either document list: name, type, state and edit button, then the detail line and the state logs. */
function DocRow({ doc, typeLabel, detail, onEdit, editTestId }: { doc: { name: string; state: string; logs: readonly Log[] }; typeLabel: string; detail: string; onEdit: (() => void) | null; editTestId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Flex gap="2" align="center" wrap="wrap">
        <Text fontWeight="semibold" flex="1" minW="32">
          {doc.name}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {typeLabel}
        </Text>
        <StateTag state={doc.state} />
        {onEdit && <EditButton label={t('schoolsUi.docs.editOf', { name: doc.name })} onClick={onEdit} testId={editTestId} />}
      </Flex>
      {detail && (
        <Text fontSize="sm" color="fg.muted" mt="1" whiteSpace="pre-wrap">
          {detail}
        </Text>
      )}
      <Logs logs={doc.logs} name={doc.name} />
    </>
  );
}

/**
 * The shape the three sections share: a titled box with its add button (when editable), an
 * optional intro, then the rows (a bordered item each, test id `rowTestId`) or the empty text,
 * then the section's dialog (`children`). The rows are `items`, or `load`ed by a component that may
 * suspend: `load` is given the list to draw and is shown under a loading bar until it can.
 */
function ListSection<T>({
  id,
  title,
  add,
  intro,
  empty,
  rowKey,
  rowTestId,
  renderRow,
  children,
  ...rows
}: {
  id: string;
  title: string;
  add: { label: string; testId: string; onClick: () => void } | null;
  intro?: string;
  empty: string;
  rowKey: (item: T) => Key;
  rowTestId: string;
  renderRow: (item: T) => ReactNode;
  children: ReactNode;
} & ({ items: readonly T[] } | { load: (list: (items: readonly T[]) => ReactNode) => ReactNode })) {
  const list = (items: readonly T[]) =>
    items.length === 0 ? (
      <Text color="fg.subtle">{empty}</Text>
    ) : (
      <Stack as="ul" gap="2">
        {items.map((item) => (
          <Box as="li" key={rowKey(item)} listStyleType="none" borderWidth="1px" borderRadius="md" p="3" data-testid={rowTestId}>
            {renderRow(item)}
          </Box>
        ))}
      </Stack>
    );
  return (
    <Box as="section" bg="bg.panel" borderWidth="1px" borderRadius="lg" p="4" aria-labelledby={`${id}-title`} data-testid={id}>
      <Flex gap="2" align="center" wrap="wrap" mb="3">
        <Heading as="h2" size="md" flex="1" minW="40" id={`${id}-title`}>
          {title}
        </Heading>
        {add && (
          <Button size="sm" variant="outline" onClick={add.onClick} data-testid={add.testId}>
            <Plus size={14} /> {add.label}
          </Button>
        )}
      </Flex>
      {intro && (
        <Text fontSize="sm" color="fg.muted" mb="2">
          {intro}
        </Text>
      )}
      {'items' in rows ? list(rows.items) : <Suspense fallback={<LoadingBar />}>{rows.load(list)}</Suspense>}
      {children}
    </Box>
  );
}

function AppDocuments({ app, editable }: { app: ApplicationDocuments_app$data; editable: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [editing, setEditing] = useState<Doc | 'new' | null>(null);
  const save = useMutationAction<ApplicationDocumentsSaveDocMutation>(saveDocMutation, (r) => r.saveApplicationDocument);
  const close = () => (setEditing(null), save.setError(null));
  return (
    <ListSection
      id="app-documents"
      title={t('schoolsUi.docs.title')}
      add={editable ? { label: t('schoolsUi.docs.add'), testId: 'app-doc-add', onClick: () => setEditing('new') } : null}
      items={app.documents}
      empty={t('schoolsUi.docs.none')}
      rowKey={(d) => d.id}
      rowTestId="app-doc"
      renderRow={(d) => (
        <DocRow
          doc={d}
          typeLabel={t(`schoolsUi.docs.appType.${d.type}`, { defaultValue: String(d.type) })}
          detail={[d.dueDate ? t('schoolsUi.docs.dueOn', { day: formatDate(d.dueDate as string, lang, 'UTC') }) : null, d.note].filter(Boolean).join(' · ')}
          onEdit={editable ? () => setEditing(d) : null}
          editTestId="app-doc-edit"
        />
      )}
    >
      {editing && (
        <DocDialog
          title={editing === 'new' ? t('schoolsUi.docs.add') : t('schoolsUi.docs.editOf', { name: editing.name })}
          testId="app-doc-dialog"
          typePrefix="schoolsUi.docs.appType"
          types={APP_DOC_TYPES}
          withDue
          initial={
            editing === 'new'
              ? { type: '1', name: '', state: 'NOT_STARTED', note: '', dueDate: '' }
              : { type: String(editing.type), name: editing.name, state: editing.state, note: editing.note ?? '', dueDate: (editing.dueDate as string | null) ?? '' }
          }
          busy={save.busy}
          error={save.error}
          onClose={close}
          onSave={(d) =>
            save.run(
              {
                input: {
                  ...(editing === 'new' ? { applicationId: app.id } : { id: editing.id }),
                  type: Number(d.type),
                  name: d.name,
                  state: d.state as (typeof DOC_STATES)[number],
                  note: d.note || null,
                  dueDate: d.dueDate || null,
                },
              },
              { onDone: () => (notify('success', t('schoolsUi.docs.saved')), close()) },
            )
          }
        />
      )}
    </ListSection>
  );
}

/** The student's SAO documents, read again when `fetchKey` changes; suspends while loading. */
function LoadSao({ archiveId, fetchKey, children }: { archiveId: string; fetchKey: number; children: (docs: readonly Sao[]) => ReactNode }) {
  const data = useLazyLoadQuery<ApplicationDocumentsSaoQuery>(saoQuery, { archiveId }, { fetchPolicy: 'store-and-network', fetchKey });
  return children(data.saoDocuments ?? []);
}

function SaoDocuments({ archiveId, editable }: { archiveId: string; editable: boolean }) {
  const { t } = useTranslation();
  const [fetchKey, setFetchKey] = useState(0);
  const [editing, setEditing] = useState<Sao | 'new' | null>(null);
  const save = useMutationAction<ApplicationDocumentsSaveSaoMutation>(saveSaoMutation, (r) => r.saveSaoDocument);
  const close = () => (setEditing(null), save.setError(null));
  return (
    <ListSection<Sao>
      id="sao-documents"
      title={t('schoolsUi.docs.saoTitle')}
      add={editable ? { label: t('schoolsUi.docs.addSao'), testId: 'sao-doc-add', onClick: () => setEditing('new') } : null}
      intro={t('schoolsUi.docs.saoHint')}
      load={(list) => (
        <LoadSao archiveId={archiveId} fetchKey={fetchKey}>
          {list}
        </LoadSao>
      )}
      empty={t('schoolsUi.docs.none')}
      rowKey={(d) => d.databaseId}
      rowTestId="sao-doc"
      renderRow={(d) => (
        <DocRow doc={d} typeLabel={t(`schoolsUi.docs.saoType.${d.type}`, { defaultValue: String(d.type) })} detail={d.note ?? ''} onEdit={editable ? () => setEditing(d) : null} editTestId="sao-doc-edit" />
      )}
    >
      {editing && (
        <DocDialog
          title={editing === 'new' ? t('schoolsUi.docs.addSao') : t('schoolsUi.docs.editOf', { name: editing.name })}
          testId="sao-doc-dialog"
          typePrefix="schoolsUi.docs.saoType"
          types={SAO_DOC_TYPES}
          withDue={false}
          initial={
            editing === 'new' ? { type: '1', name: '', state: 'NOT_STARTED', note: '', dueDate: '' } : { type: String(editing.type), name: editing.name, state: editing.state, note: editing.note ?? '', dueDate: '' }
          }
          busy={save.busy}
          error={save.error}
          onClose={close}
          onSave={(d) =>
            save.run(
              {
                input: {
                  ...(editing === 'new' ? { archiveId } : { databaseId: editing.databaseId }),
                  type: Number(d.type),
                  name: d.name,
                  state: d.state as (typeof DOC_STATES)[number],
                  note: d.note || null,
                },
              },
              // SaoDocument has no global id, so the list is read again rather than updated from the answer.
              { onDone: () => (notify('success', t('schoolsUi.docs.saved')), close(), setFetchKey((k) => k + 1)) },
            )
          }
        />
      )}
    </ListSection>
  );
}

function Tracks({ app, editable }: { app: ApplicationDocuments_app$data; editable: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const [editing, setEditing] = useState<Track | 'new' | null>(null);
  const save = useMutationAction<ApplicationDocumentsSaveTrackMutation>(saveTrackMutation, (r) => r.saveProgressTrack);
  const close = () => (setEditing(null), save.setError(null));
  return (
    <ListSection
      id="app-tracks"
      title={t('schoolsUi.docs.tracksTitle')}
      add={editable ? { label: t('schoolsUi.docs.addTrack'), testId: 'track-add', onClick: () => setEditing('new') } : null}
      items={app.tracks}
      empty={t('schoolsUi.docs.noTracks')}
      rowKey={(tr) => tr.databaseId}
      rowTestId="track"
      renderRow={(tr) => (
        <>
          <Flex gap="2" align="center" wrap="wrap">
            <Text fontWeight="semibold">{formatDate(tr.day as string, lang, 'UTC')}</Text>
            <Tag variant="subtle">{t(`schoolsUi.docs.trackType.${tr.type}`, { defaultValue: String(tr.type) })}</Tag>
            <Text fontSize="xs" color="fg.subtle" flex="1">
              {[tr.userName, fmt.dateTime(tr.createdAt as string)].filter(Boolean).join(' · ')}
            </Text>
            {editable && <EditButton label={t('schoolsUi.docs.editTrackOf', { day: formatDate(tr.day as string, lang, 'UTC') })} onClick={() => setEditing(tr)} testId="track-edit" />}
          </Flex>
          <Text fontSize="sm" mt="1" whiteSpace="pre-wrap" data-testid="track-content">
            {tr.content}
          </Text>
        </>
      )}
    >
      {editing && (
        <TrackDialog
          initial={editing === 'new' ? { type: '1', day: '', content: '' } : { type: String(editing.type), day: editing.day as string, content: editing.content }}
          busy={save.busy}
          error={save.error}
          onClose={close}
          onSave={(d) =>
            save.run(
              { input: { ...(editing === 'new' ? { applicationId: app.id } : { databaseId: editing.databaseId }), type: Number(d.type), content: d.content, ...(d.day ? { day: d.day } : {}) } },
              { onDone: () => (notify('success', t('schoolsUi.docs.saved')), close()) },
            )
          }
        />
      )}
    </ListSection>
  );
}

/**
 * The application's documents (with their state logs), the student's SAO documents (shared by
 * every SAO school) and the progress notes, each added and edited in its own dialog with its own
 * save; read-only when the application is locked or the viewer may not write (docs/schools-ui.md).
 */
export function ApplicationDocuments({ app: key, editable }: { app: ApplicationDocuments_app$key; editable: boolean }) {
  const app = useFragment(appFragment, key);
  return (
    <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, minmax(0, 1fr))' }} gap="4" alignItems="start" data-testid="app-docs-area">
      <Stack gap="4">
        <AppDocuments app={app} editable={editable} />
        {app.archive && <SaoDocuments archiveId={app.archive.id} editable={editable} />}
      </Stack>
      <Tracks app={app} editable={editable} />
    </Grid>
  );
}
