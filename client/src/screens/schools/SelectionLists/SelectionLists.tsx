import { Badge as Tag, Box, Button, Checkbox, EmptyState, Field, Flex, Heading, Input, NativeSelect, Progress, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, Plus, RefreshCw, Send, Trash2 } from 'lucide-react';
import { Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { DialogErrorBoundary } from '../../../components/DialogErrorBoundary.tsx';
import { DialogLoading, DialogShell } from '../../../components/DialogShell.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { FormError } from '../../../components/FormError.tsx';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { Badge } from '../shared/Badge.tsx';
import { countryName, schoolName } from '../shared/codes.ts';
import type { SelectionListsAddMutation } from './__generated__/SelectionListsAddMutation.graphql.ts';
import type { SelectionListsChoicesQuery } from './__generated__/SelectionListsChoicesQuery.graphql.ts';
import type { SelectionListsCreateMutation } from './__generated__/SelectionListsCreateMutation.graphql.ts';
import type { SelectionListsDeleteMutation } from './__generated__/SelectionListsDeleteMutation.graphql.ts';
import type { SelectionListsPublishMutation } from './__generated__/SelectionListsPublishMutation.graphql.ts';
import type { SelectionListsQuery, SelectionListsQuery$data } from './__generated__/SelectionListsQuery.graphql.ts';
import type { SelectionListsRemoveMutation } from './__generated__/SelectionListsRemoveMutation.graphql.ts';
import type { SelectionListsReorderMutation } from './__generated__/SelectionListsReorderMutation.graphql.ts';
import type { SelectionListsRescoreMutation } from './__generated__/SelectionListsRescoreMutation.graphql.ts';
import { LoadingBar } from '../../../components/LoadingBar.tsx';

const listsQuery = graphql`
  query SelectionListsQuery($archiveId: ID!) {
    viewer {
      write: can(right: "selection.write")
      publish: can(right: "selection.publish")
    }
    selectionLists(archiveId: $archiveId, first: 50) {
      edges {
        node {
          ...SelectionLists_list @relay(mask: false)
        }
      }
    }
  }
`;

/** The fields of a list, read unmasked by the query and by every mutation's answer. */
void graphql`
  fragment SelectionLists_list on SelectionList {
    id
    name
    published
    publishedAt
    publishedByName
    createdAt
    createdByName
    entries {
      id
      sort
      totalScore
      genderScore
      gradeScore
      regionScore
      scaleScore
      rankScore
      activityScore
      scores {
        dimension
        label
        score
        weight
        reason
      }
      school {
        id
        name
        chineseName
        badgeUrl
        country
        province
      }
    }
  }
`;

const choicesQuery = graphql`
  query SelectionListsChoicesQuery($archiveId: ID!) {
    schoolsNotInStudentLists(archiveId: $archiveId) {
      id
      name
      chineseName
      abbreviation
      country
      province
    }
  }
`;

const createMutation = graphql`
  mutation SelectionListsCreateMutation($input: CreateSelectionListInput!) {
    createSelectionList(input: $input) {
      __typename
      ... on SelectionListPayload {
        selectionList {
          id
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const addMutation = graphql`
  mutation SelectionListsAddMutation($input: AddSchoolsToSelectionListInput!) {
    addSchoolsToSelectionList(input: $input) {
      __typename
      ... on SelectionListPayload {
        addedEntries {
          id
        }
        selectionList {
          ...SelectionLists_list @relay(mask: false)
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const removeMutation = graphql`
  mutation SelectionListsRemoveMutation($input: RemoveSelectionEntriesInput!) {
    removeSelectionEntries(input: $input) {
      __typename
      ... on RemoveSelectionEntriesPayload {
        selectionList {
          ...SelectionLists_list @relay(mask: false)
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const rescoreMutation = graphql`
  mutation SelectionListsRescoreMutation($input: RescoreSelectionListInput!) {
    rescoreSelectionList(input: $input) {
      __typename
      ... on SelectionListPayload {
        selectionList {
          ...SelectionLists_list @relay(mask: false)
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const reorderMutation = graphql`
  mutation SelectionListsReorderMutation($input: ReorderSelectionListInput!) {
    reorderSelectionList(input: $input) {
      __typename
      ... on SelectionListPayload {
        selectionList {
          ...SelectionLists_list @relay(mask: false)
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const publishMutation = graphql`
  mutation SelectionListsPublishMutation($input: PublishSelectionListInput!) {
    publishSelectionList(input: $input) {
      __typename
      ... on SelectionListPayload {
        selectionList {
          ...SelectionLists_list @relay(mask: false)
        }
      }
      ... on Error {
        message
      }
    }
  }
`;
const deleteMutation = graphql`
  mutation SelectionListsDeleteMutation($input: DeleteSelectionListInput!) {
    deleteSelectionList(input: $input) {
      __typename
      ... on DeleteSelectionListPayload {
        deletedSelectionListId
      }
      ... on Error {
        message
      }
    }
  }
`;

type List = NonNullable<SelectionListsQuery$data['selectionLists']>['edges'][number]['node'];
type Entry = List['entries'][number];

/** A 0–100 score as a bar with its number; 0 (cannot apply) in the error colour. */
function Score({ value, label, blocking }: { value: number; label: string; blocking: boolean }) {
  return (
    <Flex align="center" gap="1.5" minW="20">
      <Progress.Root value={value} size="xs" flex="1" colorPalette={value === 0 && blocking ? 'red' : value >= 80 ? 'green' : value >= 50 ? 'blue' : 'orange'} aria-label={label}>
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text fontSize="xs" fontVariantNumeric="tabular-nums" w="7" textAlign="end" color={value === 0 && blocking ? 'fg.error' : undefined}>
        {value}
      </Text>
    </Flex>
  );
}

function Why({ entry, name }: { entry: Entry; name: string }) {
  const { t } = useTranslation();
  return (
    <Box as="details" fontSize="sm" mt="1">
      <Text as="summary" cursor="pointer" color="fg.link">
        {t('schoolsUi.sel.why')}
        <VisuallyHidden>{` ${name}`}</VisuallyHidden>
      </Text>
      <Stack as="ul" gap="1" mt="1" pl="4" aria-label={t('schoolsUi.sel.whyOf', { name })}>
        {entry.scores.map((s) => (
          <li key={s.dimension}>
            <Text as="span" fontWeight="medium">{`${s.label} ${s.score}`}</Text>
            {s.weight != null && <Text as="span" color="fg.muted">{` (${t('schoolsUi.sel.weight', { weight: s.weight })})`}</Text>}
            <Text as="span">{`: ${s.reason}`}</Text>
          </li>
        ))}
      </Stack>
    </Box>
  );
}

function Entries({ list, canWrite, onChanged }: { list: List; canWrite: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const remove = useMutationAction<SelectionListsRemoveMutation>(removeMutation, (r) => r.removeSelectionEntries);
  const reorder = useMutationAction<SelectionListsReorderMutation>(reorderMutation, (r) => r.reorderSelectionList);
  const editable = canWrite && !list.published;
  /** Moves an entry one place up (-1) or down (+1); the server stores the whole order. Focus stays on the moved entry's button. */
  const move = (index: number, by: -1 | 1, name: string) => {
    const ids = list.entries.map((x) => x.id);
    const [moved] = ids.splice(index, 1);
    if (!moved) return;
    ids.splice(index + by, 0, moved);
    reorder.run(
      { input: { listId: list.id, entryIds: ids } },
      {
        onDone: () => {
          notify('success', t('schoolsUi.sel.moved', { name, n: index + by + 1 }));
          const to = index + by;
          // The same direction's button of the moved entry, or the other one at either end of the list.
          requestAnimationFrame(() => {
            const btn =
              document.querySelector<HTMLButtonElement>(`[data-entry-index="${to}"] [data-testid="selection-move-${by < 0 ? 'up' : 'down'}"]:not([disabled])`) ??
              document.querySelector<HTMLButtonElement>(`[data-entry-index="${to}"] [data-testid^="selection-move-"]:not([disabled])`);
            btn?.focus();
          });
        },
      },
    );
  };
  const dims = ['genderScore', 'gradeScore', 'regionScore', 'scaleScore', 'rankScore', 'activityScore'] as const;
  const dimLabel = (e: Entry, i: number) => e.scores[i]?.label ?? '';
  if (!list.entries.length) {
    return (
      <Text color="fg.subtle" data-testid="selection-no-entries">
        {t('schoolsUi.sel.noEntries')}
      </Text>
    );
  }
  return (
    <Stack gap="2">
      <FormError message={remove.error ?? reorder.error} testId="selection-remove-error" />
      <Stack as="ol" gap="2" aria-label={t('schoolsUi.sel.entries')} data-testid="selection-entries">
        {list.entries.map((e, index) => {
          const name = schoolName(e.school, lang);
          return (
            <Box as="li" key={e.id} listStyleType="none" borderWidth="1px" borderRadius="md" p="3" data-testid="selection-entry" data-entry-index={index}>
              <Flex gap="3" align="flex-start" wrap="wrap">
                <Text fontSize="sm" color="fg.muted" fontVariantNumeric="tabular-nums" minW="5" pt="1" aria-hidden>
                  {index + 1}
                </Text>
                <Badge url={e.school.badgeUrl} name={e.school.name} />
                <Box flex="1" minW="40">
                  <Text fontWeight="semibold" data-testid="selection-entry-name">
                    {name}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {[lang === 'zh' && e.school.chineseName ? e.school.name : null, e.school.province, countryName(e.school.country, t)].filter(Boolean).join(' · ')}
                  </Text>
                </Box>
                <Stack align="flex-end" gap="0">
                  <Text fontSize="2xl" fontWeight="bold" lineHeight="1" color={e.totalScore === 0 ? 'fg.error' : undefined} data-testid="selection-total">
                    {e.totalScore}
                  </Text>
                  <Text fontSize="xs" color="fg.muted">
                    {e.scores.find((s) => s.dimension === 'TOTAL')?.label}
                  </Text>
                </Stack>
                {editable && (
                  <Flex gap="1" role="group" aria-label={t('schoolsUi.sel.order', { name })}>
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={t('schoolsUi.sel.moveUp', { name })}
                      title={t('schoolsUi.sel.moveUp', { name })}
                      disabled={index === 0 || reorder.busy}
                      onClick={() => move(index, -1, name)}
                      data-testid="selection-move-up"
                    >
                      <ArrowUp size={12} />
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={t('schoolsUi.sel.moveDown', { name })}
                      title={t('schoolsUi.sel.moveDown', { name })}
                      disabled={index === list.entries.length - 1 || reorder.busy}
                      onClick={() => move(index, 1, name)}
                      data-testid="selection-move-down"
                    >
                      <ArrowDown size={12} />
                    </Button>
                  </Flex>
                )}
                {editable && (
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    aria-label={t('schoolsUi.sel.removeLabel', { name })}
                    loading={remove.busy}
                    onClick={() => remove.run({ input: { listId: list.id, entryIds: [e.id] } }, { onDone: () => (notify('success', t('schoolsUi.sel.removed', { name })), onChanged()) })}
                    data-testid="selection-remove"
                  >
                    <Trash2 size={12} /> {t('schoolsUi.sel.remove')}
                  </Button>
                )}
              </Flex>
              <Box display="grid" gridTemplateColumns={{ base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(6, minmax(0, 1fr))' }} gap="2" mt="2">
                {dims.map((d, i) => (
                  <Box key={d}>
                    <Text fontSize="xs" color="fg.muted">
                      {dimLabel(e, i)}
                    </Text>
                    <Score value={e[d]} label={`${name} ${dimLabel(e, i)}`} blocking={d === 'genderScore' || d === 'gradeScore'} />
                  </Box>
                ))}
              </Box>
              <Why entry={e} name={name} />
            </Box>
          );
        })}
      </Stack>
    </Stack>
  );
}

function AddSchools({ archiveId, list, onClose, onDone }: { archiveId: string; list: List; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const data = useLazyLoadQuery<SelectionListsChoicesQuery>(choicesQuery, { archiveId }, { fetchPolicy: 'network-only' });
  const [q, setQ] = useState('');
  const [chosen, setChosen] = useState<Set<string>>(() => new Set());
  const add = useMutationAction<SelectionListsAddMutation>(addMutation, (r) => r.addSchoolsToSelectionList);
  const choices = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return (data.schoolsNotInStudentLists ?? []).filter((s) => !needle || [s.name, s.chineseName, s.abbreviation].some((v) => v?.toLowerCase().includes(needle)));
  }, [data, q]);
  const toggle = (id: string, on: boolean) => setChosen((c) => (on ? new Set(c).add(id) : new Set([...c].filter((x) => x !== id))));
  return (
    <FormDialog
      title={t('schoolsUi.sel.addTitle', { name: list.name })}
      testId="selection-add-dialog"
      onClose={onClose}
      busy={add.busy}
      error={add.error}
      saveLabel={t('schoolsUi.sel.addCount', { count: chosen.size })}
      saveTestId="selection-add-confirm"
      size="lg"
      onSave={() => chosen.size && add.run({ input: { listId: list.id, schoolIds: [...chosen] } }, { onDone: () => (notify('success', t('schoolsUi.sel.added', { count: chosen.size })), onDone(), onClose()) })}
    >
      <Field.Root>
        <Field.Label htmlFor="selection-add-filter">{t('schoolsUi.sel.addFilter')}</Field.Label>
        <Input id="selection-add-filter" value={q} onChange={(e) => setQ(e.target.value)} data-testid="selection-add-filter" />
      </Field.Root>
      {choices.length === 0 ? (
        <Text color="fg.subtle">{t('schoolsUi.sel.noChoices')}</Text>
      ) : (
        <Stack gap="1" maxH="50vh" overflowY="auto" tabIndex={0} aria-label={t('schoolsUi.sel.add')} role="group">
          {choices.map((s) => {
            const name = schoolName(s, lang);
            return (
              <Checkbox.Root key={s.id} checked={chosen.has(s.id)} onCheckedChange={(e) => toggle(s.id, !!e.checked)} size="sm" data-testid="selection-choice">
                <Checkbox.HiddenInput aria-label={t('schoolsUi.sel.choose', { name })} />
                <Checkbox.Control />
                <Checkbox.Label>
                  {name}
                  <Text as="span" color="fg.muted" fontSize="xs">{` ${[lang === 'zh' && s.chineseName ? s.name : null, s.province, countryName(s.country, t)].filter(Boolean).join(' · ')}`}</Text>
                </Checkbox.Label>
              </Checkbox.Root>
            );
          })}
        </Stack>
      )}
    </FormDialog>
  );
}

function Lists({ archiveId, student, fetchKey, refresh }: { archiveId: string; student: string; fetchKey: number; refresh: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const data = useLazyLoadQuery<SelectionListsQuery>(listsQuery, { archiveId }, { fetchPolicy: 'store-and-network', fetchKey });
  const lists = (data.selectionLists?.edges ?? []).map((e) => e.node);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const list = lists.find((l) => l.id === currentId) ?? lists[0] ?? null;
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const [publishing, setPublishing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const create = useMutationAction<SelectionListsCreateMutation>(createMutation, (r) => r.createSelectionList);
  const publish = useMutationAction<SelectionListsPublishMutation>(publishMutation, (r) => r.publishSelectionList);
  const rescore = useMutationAction<SelectionListsRescoreMutation>(rescoreMutation, (r) => r.rescoreSelectionList);
  const del = useMutationAction<SelectionListsDeleteMutation>(deleteMutation, (r) => r.deleteSelectionList);
  const { write, publish: canPublish } = data.viewer;
  return (
    <Stack gap="3" data-testid="selection-lists">
      <Flex gap="2" wrap="wrap" align="flex-end">
        {lists.length > 0 && (
          <Field.Root width="auto" flex="1" minW="48">
            <Field.Label htmlFor="selection-current">{t('schoolsUi.sel.title')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field id="selection-current" value={list?.id ?? ''} onChange={(e) => setCurrentId(e.target.value)} data-testid="selection-current">
                {lists.map((l) => (
                  <option key={l.id} value={l.id}>
                    {`${l.name} · ${t(l.published ? 'schoolsUi.sel.published' : 'schoolsUi.sel.draft')}`}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        {write && (
          <Button size="sm" variant="outline" onClick={() => (setName(t('schoolsUi.sel.defaultName', { n: lists.length + 1 })), setNaming(true))} data-testid="selection-create">
            <Plus size={14} /> {t('schoolsUi.sel.create')}
          </Button>
        )}
      </Flex>
      {!list ? (
        <EmptyState.Root size="sm" data-testid="selection-empty">
          <EmptyState.Content>
            <EmptyState.Title>{t('schoolsUi.sel.empty')}</EmptyState.Title>
            <EmptyState.Description>{t('schoolsUi.sel.emptyHint')}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        <Box borderWidth="1px" borderRadius="lg" p="3" bg="bg.panel" data-testid="selection-list" data-published={list.published}>
          <Flex gap="2" align="center" wrap="wrap" mb="3">
            <Heading as="h3" size="md" flex="1" minW="40">
              {list.name}{' '}
              <Tag colorPalette={list.published ? 'green' : 'gray'} variant="subtle" data-testid="selection-state">
                {t(list.published ? 'schoolsUi.sel.published' : 'schoolsUi.sel.draft')}
              </Tag>
            </Heading>
            {write && !list.published && (
              <>
                <Button size="sm" variant="outline" onClick={() => setAdding(true)} data-testid="selection-add">
                  <Plus size={14} /> {t('schoolsUi.sel.add')}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  loading={rescore.busy}
                  disabled={!list.entries.length}
                  title={t('schoolsUi.sel.rescoreHint')}
                  onClick={() => rescore.run({ input: { listId: list.id } }, { onDone: () => notify('success', t('schoolsUi.sel.rescored')) })}
                  data-testid="selection-rescore"
                >
                  <RefreshCw size={14} /> {t('schoolsUi.sel.rescore')}
                </Button>
                <Button size="sm" variant="ghost" colorPalette="red" onClick={() => setDeleting(true)} data-testid="selection-delete">
                  <Trash2 size={14} /> {t('schoolsUi.sel.delete')}
                </Button>
              </>
            )}
            {canPublish && !list.published && (
              <Button
                size="sm"
                colorPalette="blue"
                onClick={() => setPublishing(true)}
                disabled={!list.entries.length}
                title={list.entries.length ? undefined : t('schoolsUi.sel.publishEmpty')}
                data-testid="selection-publish"
              >
                <Send size={14} /> {t('schoolsUi.sel.publish')}
              </Button>
            )}
          </Flex>
          {list.published && (
            <Text fontSize="sm" color="fg.muted" mb="2" data-testid="selection-readonly">
              {t('schoolsUi.sel.publishedAt', { who: list.publishedByName ?? '', when: fmt.dateTime(list.publishedAt as string) })}
            </Text>
          )}
          <FormError message={rescore.error} testId="selection-rescore-error" />
          <Entries list={list} canWrite={write} onChanged={refresh} />
        </Box>
      )}
      {naming && (
        <FormDialog
          title={t('schoolsUi.sel.create')}
          testId="selection-create-dialog"
          onClose={() => setNaming(false)}
          busy={create.busy}
          error={create.error}
          saveLabel={t('schoolsUi.sel.create')}
          size="sm"
          onSave={() =>
            create.run(
              { input: { archiveId, name: name.trim() || null } },
              {
                onDone: (a) => {
                  notify('success', t('schoolsUi.sel.created'));
                  const made = (a as { selectionList?: { id: string } }).selectionList;
                  if (made) setCurrentId(made.id);
                  setNaming(false);
                  refresh();
                },
              },
            )
          }
        >
          <Field.Root>
            <Field.Label htmlFor="selection-name">{t('schoolsUi.sel.name')}</Field.Label>
            <Input id="selection-name" value={name} onChange={(e) => setName(e.target.value)} data-testid="selection-name" />
          </Field.Root>
        </FormDialog>
      )}
      {adding && list && (
        <Suspense fallback={<DialogLoading title={t('schoolsUi.sel.addTitle', { name: list.name })} onClose={() => setAdding(false)} testId="selection-add-loading" />}>
          <AddSchools archiveId={archiveId} list={list} onClose={() => setAdding(false)} onDone={refresh} />
        </Suspense>
      )}
      {publishing && list && (
        <ConfirmDialog
          title={t('schoolsUi.sel.publishTitle')}
          message={t('schoolsUi.sel.publishMessage', { list: list.name, student })}
          confirmLabel={t('schoolsUi.sel.publish')}
          busy={publish.busy}
          error={publish.error}
          onClose={() => setPublishing(false)}
          onConfirm={() => publish.run({ input: { listId: list.id } }, { onDone: () => (notify('success', t('schoolsUi.sel.publishedDone')), setPublishing(false)) })}
          testId="selection-publish-dialog"
        />
      )}
      {deleting && list && (
        <ConfirmDialog
          title={t('schoolsUi.sel.delete')}
          message={t('schoolsUi.sel.deleteMessage', { list: list.name })}
          confirmLabel={t('schoolsUi.sel.delete')}
          destructive
          busy={del.busy}
          error={del.error}
          onClose={() => setDeleting(false)}
          onConfirm={() => del.run({ input: { listId: list.id } }, { onDone: () => (notify('success', t('schoolsUi.sel.deleted')), setDeleting(false), setCurrentId(null), refresh()) })}
          testId="selection-delete-dialog"
        />
      )}
    </Stack>
  );
}

/**
 * A student's selection lists (选校单), opened from the archive: the proposed schools with each
 * match score (gender, grade, region, scale, rank, activity, total) and its reason in the
 * viewer's language; create a list, add and remove schools, publish with a confirmation that
 * says it cannot be undone; a published list reads only (docs/schools-ui.md).
 */
export default function SelectionListsDialog({ archiveId, student, onClose }: { archiveId: string; student: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [fetchKey, setFetchKey] = useState(0);
  const title = t('schoolsUi.sel.dialogTitle', { name: student });
  return (
    <DialogErrorBoundary onClose={onClose}>
      <DialogShell title={title} onClose={onClose} testId="selection-dialog" size="xl">
        <Suspense fallback={<LoadingBar />}>
          <Lists archiveId={archiveId} student={student} fetchKey={fetchKey} refresh={() => setFetchKey((k) => k + 1)} />
        </Suspense>
      </DialogShell>
    </DialogErrorBoundary>
  );
}
