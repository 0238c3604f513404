import { Badge, Box, Button, Field, Flex, Heading, IconButton, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { Plus, Trash2, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchQuery, graphql, usePaginationFragment, useRelayEnvironment } from 'react-relay';
import { LoadMore } from '../../../components/list/DataTable.tsx';
import { DateField } from '../../../components/fields/DateField.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { ConfirmDialog } from '../../../components/list/ConfirmDialog.tsx';
import { personName } from '../../../components/task/TaskBadges.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useFormat } from '../../../lib/useFormat.ts';
import { useLang } from '../../../lib/useLang.ts';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import type { Option } from '../../../components/selectors/Combobox.tsx';
import { UserSelect } from '../../../components/selectors/UserSelect.tsx';
import type { ProjectMembers_project$data, ProjectMembers_project$key } from './__generated__/ProjectMembers_project.graphql.ts';
import type { ProjectMembersRemoveMutation } from './__generated__/ProjectMembersRemoveMutation.graphql.ts';
import type { ProjectMembersSaveMutation } from './__generated__/ProjectMembersSaveMutation.graphql.ts';
import type { ProjectMembersDeleteEntryMutation } from './__generated__/ProjectMembersDeleteEntryMutation.graphql.ts';
import type { ProjectMembersMoreEntriesQuery } from './__generated__/ProjectMembersMoreEntriesQuery.graphql.ts';

const membersFragment = graphql`
  fragment ProjectMembers_project on Project @refetchable(queryName: "ProjectMembersPaginationQuery") @argumentDefinitions(count: { type: "Int", defaultValue: 15 }, cursor: { type: "String" }) {
    id
    viewerCanManage
    members(first: $count, after: $cursor) @connection(key: "ProjectMembers_members") {
      totalCount
      edges {
        node {
          id
          duty
          joinedOn
          remark
          user {
            id
            name
            nameEn
          }
          timeline(first: 5) {
            ...ProjectMembers_entries @relay(mask: false)
          }
        }
      }
    }
  }
`;

/**
 * The fields of a timeline page. Inlined (mask: false) where the first page is read: a fragment
 * spread there would put the member save's answer over the query depth limit (12, fragment
 * spreads count two levels), so the first 5 entries come with the members and the earlier ones
 * are fetched on demand ("show earlier entries").
 */
void graphql`
  fragment ProjectMembers_entries on ProjectMemberTimelineConnection {
    totalCount
    edges {
      node {
        id
        happenedOn
        content
      }
    }
    pageInfo {
      endCursor
      hasNextPage
    }
  }
`;

const moreEntriesQuery = graphql`
  query ProjectMembersMoreEntriesQuery($id: ID!, $after: String) {
    node(id: $id) {
      ... on ProjectMember {
        timeline(first: 100, after: $after) {
          ...ProjectMembers_entries @relay(mask: false)
        }
      }
    }
  }
`;

const saveMutation = graphql`
  mutation ProjectMembersSaveMutation($input: SaveProjectMemberInput!) {
    saveProjectMember(input: $input) {
      __typename
      ... on ProjectMemberPayload {
        project {
          ...ProjectMembers_project
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const removeMutation = graphql`
  mutation ProjectMembersRemoveMutation($input: RemoveProjectMemberInput!) {
    removeProjectMember(input: $input) {
      __typename
      ... on RemoveProjectMemberPayload {
        project {
          ...ProjectMembers_project
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

const deleteEntryMutation = graphql`
  mutation ProjectMembersDeleteEntryMutation($input: DeleteProjectTimelineEntryInput!) {
    deleteProjectTimelineEntry(input: $input) {
      __typename
      ... on DeleteProjectTimelineEntryPayload {
        member {
          id
          timeline(first: 5) {
            ...ProjectMembers_entries @relay(mask: false)
          }
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

type Member = ProjectMembers_project$data['members']['edges'][number]['node'];

/** Add a member (a staff member, duty, joining day, remark) or edit one's duty and remark. */
export function MemberDialog({ projectId, member, onClose }: { projectId: string; member: Member | null; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [user, setUser] = useState<Option | null>(member ? { id: member.user.id, label: personName(member.user, lang) } : null);
  const [duty, setDuty] = useState(member?.duty ?? '');
  const [joinedOn, setJoinedOn] = useState((member?.joinedOn as string | null) ?? '');
  const [remark, setRemark] = useState(member?.remark ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutationAction<ProjectMembersSaveMutation>(saveMutation, (r) => r.saveProjectMember);
  const submit = () => {
    if (!member && !user) {
      setProblem(t('contentUi.required'));
      return;
    }
    const fields = { duty: duty.trim() || null, joinedOn: joinedOn || null, remark: remark.trim() || null };
    save.run(
      { input: member ? { memberId: member.id, ...fields } : { projectId, userId: user!.id, ...fields } },
      {
        onDone: () => {
          notify('success', t('contentUi.saved'));
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog title={t(member ? 'contentUi.member.edit' : 'contentUi.member.add')} testId="member-dialog" onClose={onClose} onSave={submit} busy={save.busy} error={save.error}>
      {!member && (
        <Field.Root required invalid={!!problem}>
          <Field.Label>
            {t('contentUi.member.person')} <Field.RequiredIndicator />
          </Field.Label>
          <UserSelect
            value={user}
            onChange={(u) => {
              setUser(u);
              if (u) setProblem(null);
            }}
            label={t('contentUi.member.person')}
            withDepartments
            testId="member-user"
          />
          <Field.ErrorText>{problem}</Field.ErrorText>
        </Field.Root>
      )}
      <Field.Root>
        <Field.Label>{t('contentUi.member.duty')}</Field.Label>
        <Input value={duty} onChange={(e) => setDuty(e.target.value)} maxLength={100} data-testid="member-duty" />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('contentUi.member.joinedOn')}</Field.Label>
        <DateField value={joinedOn} onChange={setJoinedOn} label={t('contentUi.member.joinedOn')} testId="member-joined" />
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('contentUi.member.remark')}</Field.Label>
        <Textarea value={remark} onChange={(e) => setRemark(e.target.value)} rows={3} maxLength={500} />
      </Field.Root>
    </FormDialog>
  );
}

/** A timeline entry (a day and what happened) for a member. */
function TimelineDialog({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [day, setDay] = useState('');
  const [content, setContent] = useState('');
  const [problems, setProblems] = useState<{ day?: string; content?: string }>({});
  const save = useMutationAction<ProjectMembersSaveMutation>(saveMutation, (r) => r.saveProjectMember);
  const submit = () => {
    const p = { ...(day ? {} : { day: t('contentUi.required') }), ...(content.trim() ? {} : { content: t('contentUi.required') }) };
    setProblems(p);
    if (Object.keys(p).length) return;
    save.run(
      { input: { memberId: member.id, timeline: [{ happenedOn: day, content: content.trim() }] } },
      {
        onDone: () => {
          notify('success', t('contentUi.saved'));
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog title={t('contentUi.member.addEntry', { name: personName(member.user, lang) })} testId="timeline-dialog" onClose={onClose} onSave={submit} busy={save.busy} error={save.error}>
      <Field.Root required invalid={!!problems.day}>
        <Field.Label>
          {t('contentUi.member.day')} <Field.RequiredIndicator />
        </Field.Label>
        <DateField value={day} onChange={setDay} label={t('contentUi.member.day')} testId="timeline-day" invalid={!!problems.day} />
        <Field.ErrorText>{problems.day}</Field.ErrorText>
      </Field.Root>
      <Field.Root required invalid={!!problems.content}>
        <Field.Label>
          {t('contentUi.member.happened')} <Field.RequiredIndicator />
        </Field.Label>
        <Textarea value={content} onChange={(e) => setContent(e.target.value)} rows={3} maxLength={500} data-testid="timeline-content" />
        <Field.ErrorText>{problems.content}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}

type Entry = { id: string; happenedOn: unknown; content: string };

/** One member's timeline, newest first: the 5 that came with the members, then "show earlier entries" fetches the rest (100 at a time). */
function Timeline({ member, manage, onDelete }: { member: Member; manage: boolean; onDelete: (entryId: string, onDone: () => void) => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const environment = useRelayEnvironment();
  const first = member.timeline;
  const [more, setMore] = useState<{ entries: Entry[]; endCursor: string | null; hasNext: boolean } | null>(null);
  const [loading, setLoading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const seen = new Set<string>();
  // The first page as the store has it now (a save answers it again), then everything loaded so
  // far, newest day first: an entry added later pushes one out of the first page but not off the list.
  const entries = [...first.edges.map((e) => e.node), ...(more?.entries ?? [])].filter((e) => !seen.has(e.id) && !!seen.add(e.id)).sort((a, b) => String(b.happenedOn).localeCompare(String(a.happenedOn)));
  const hasNext = more ? more.hasNext : first.pageInfo.hasNextPage;
  const loadMore = async () => {
    setLoading(true);
    setFailure(null);
    try {
      const answer = await fetchQuery<ProjectMembersMoreEntriesQuery>(environment, moreEntriesQuery, { id: member.id, after: more?.endCursor ?? first.pageInfo.endCursor }).toPromise();
      const page = answer?.node?.timeline;
      if (page) setMore({ entries: [...(more?.entries ?? first.edges.map((e) => e.node)), ...page.edges.map((e) => e.node)], endCursor: page.pageInfo.endCursor ?? null, hasNext: page.pageInfo.hasNextPage });
    } catch (e) {
      setFailure((e as Error).message);
    } finally {
      setLoading(false);
    }
  };
  if (!entries.length) return null;
  return (
    <>
      <Stack as="ol" gap="1" mt="2" ps="3" borderStartWidth="2px" borderColor="border.emphasized" aria-label={t('contentUi.member.timeline')}>
        {entries.map((e) => (
          <Flex as="li" key={e.id} gap="2" align="baseline" fontSize="sm" data-testid="timeline-entry">
            <Text color="fg.muted" flexShrink={0} minW="24">
              {fmt.date(e.happenedOn as string)}
            </Text>
            <Text flex="1" whiteSpace="pre-wrap" wordBreak="break-word">
              {e.content}
            </Text>
            {manage && (
              <IconButton
                size="2xs"
                variant="ghost"
                aria-label={t('contentUi.member.deleteEntry')}
                onClick={() => onDelete(e.id, () => setMore((m) => (m ? { ...m, entries: m.entries.filter((x) => x.id !== e.id) } : m)))}
              >
                <Trash2 size={12} />
              </IconButton>
            )}
          </Flex>
        ))}
      </Stack>
      {hasNext && (
        <Button size="xs" variant="ghost" mt="1" loading={loading} onClick={() => void loadMore()} data-testid="timeline-more">
          {t('contentUi.member.showMoreEntries', { count: Math.max(first.totalCount - entries.length, 0) })}
        </Button>
      )}
      {failure && (
        <Text color="fg.error" fontSize="xs" role="alert">
          {failure}
        </Text>
      )}
    </>
  );
}

/** The members of a project with their duty and timeline; who manages the project adds, edits and removes them. */
export function ProjectMembers({ project, adding, onAdding }: { project: ProjectMembers_project$key; adding: boolean; onAdding: (v: boolean) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const fmt = useFormat();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(membersFragment, project);
  const [editing, setEditing] = useState<Member | null>(null);
  const [entryFor, setEntryFor] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const remove = useMutationAction<ProjectMembersRemoveMutation>(removeMutation, (r) => r.removeProjectMember);
  const deleteEntry = useMutationAction<ProjectMembersDeleteEntryMutation>(deleteEntryMutation, (r) => r.deleteProjectTimelineEntry);
  const members = data.members.edges.map((e) => e.node);
  const manage = data.viewerCanManage;
  return (
    <Stack gap="3" data-testid="project-members">
      <Flex align="center" gap="2">
        <Heading size="md" flex="1">
          {t('contentUi.member.title')} <Badge variant="subtle">{data.members.totalCount}</Badge>
        </Heading>
        {manage && (
          <Button size="sm" colorPalette="blue" onClick={() => onAdding(true)} data-testid="member-add">
            <Plus size={14} /> {t('contentUi.member.add')}
          </Button>
        )}
      </Flex>
      {!members.length && <Text color="fg.subtle">{t('contentUi.member.empty')}</Text>}
      {members.map((m) => (
        <Box key={m.id} borderWidth="1px" borderRadius="md" p="3" data-testid="member-row" data-name={m.user.name}>
          <Flex align="center" gap="2" wrap="wrap">
            <Text fontWeight="semibold">{personName(m.user, lang)}</Text>
            {m.duty && <Badge variant="outline">{m.duty}</Badge>}
            {m.joinedOn && (
              <Text fontSize="sm" color="fg.muted">
                {t('contentUi.member.joinedAt', { day: fmt.date(m.joinedOn as string) })}
              </Text>
            )}
            <Box flex="1" />
            {manage && (
              <>
                <Button size="xs" variant="outline" onClick={() => setEntryFor(m)} data-testid="timeline-add">
                  <Plus size={12} /> {t('contentUi.member.entry')}
                </Button>
                <Button size="xs" variant="ghost" onClick={() => setEditing(m)} data-testid="member-edit">
                  {t('contentUi.edit')}
                </Button>
                <IconButton size="xs" variant="ghost" colorPalette="red" aria-label={t('contentUi.member.remove', { name: personName(m.user, lang) })} onClick={() => setRemoving(m)} data-testid="member-remove">
                  <UserMinus size={14} />
                </IconButton>
              </>
            )}
          </Flex>
          {m.remark && (
            <Text fontSize="sm" color="fg.muted" mt="1">
              {m.remark}
            </Text>
          )}
          <Timeline
            member={m}
            manage={manage}
            onDelete={(id, removed) =>
              deleteEntry.run(
                { input: { entryId: id } },
                {
                  onDone: () => {
                    removed();
                    notify('success', t('contentUi.deleted'));
                  },
                  onFailed: () => undefined,
                },
              )
            }
          />
        </Box>
      ))}
      {members.length > 0 && <LoadMore shown={members.length} total={data.members.totalCount} hasNext={hasNext} loading={isLoadingNext} onMore={() => loadNext(30)} testId="members-more" />}
      {deleteEntry.error && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {deleteEntry.error}
        </Text>
      )}
      {(adding || editing) && (
        <MemberDialog
          projectId={data.id}
          member={editing}
          onClose={() => {
            onAdding(false);
            setEditing(null);
          }}
        />
      )}
      {entryFor && <TimelineDialog member={entryFor} onClose={() => setEntryFor(null)} />}
      {removing && (
        <ConfirmDialog
          title={t('contentUi.member.removeTitle')}
          message={t('contentUi.member.removeMessage', { name: personName(removing.user, lang) })}
          confirmLabel={t('contentUi.member.removeAct')}
          destructive
          busy={remove.busy}
          error={remove.error}
          onClose={() => setRemoving(null)}
          onConfirm={() => remove.run({ input: { memberId: removing.id } }, { onDone: () => setRemoving(null) })}
          testId="member-remove-dialog"
        />
      )}
    </Stack>
  );
}
