import { Box, Button, Flex, Grid, Heading, NativeSelect, Separator, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { Pencil, Plus, Trash2, UserRoundPen } from 'lucide-react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useLazyLoadQuery, useMutation, usePaginationFragment } from 'react-relay';
import { RICH_VIEW_CSS, RichTextView } from '../../../components/editor/RichTextView.tsx';
import { DialogErrorBoundary } from '../../../components/DialogErrorBoundary.tsx';
import { DialogLoading, DialogShell, useOpener } from '../../../components/DialogShell.tsx';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { PriorityBadge, StateBadge, personName } from '../../../components/task/TaskBadges.tsx';
import { notify } from '../../../components/toaster.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLang } from '../../../lib/useLang.ts';
import { sessionUser } from '../../../state/session.ts';
import { titleView } from '../../../state/visited.ts';
import { useLocation, useNavigate } from 'react-router';
import { findByPath, useMenu } from '../../../layout/menu.ts';
import { SkillStackFacts } from '../SkillStack/SkillStack.tsx';
import { AddTaskDialog } from './AddTaskDialog.tsx';
import { AdditionDialog } from './AdditionDialog.tsx';
import { TaskActions } from './TaskActions.tsx';
import { PriorityDialog } from './PriorityDialog.tsx';
import { ReassignDialog } from './ReassignDialog.tsx';
import { ScheduleDialog } from './ScheduleDialog.tsx';
import { TaskLogLine } from './TaskLogLine.tsx';
import { TaskShell, useShellMode } from './TaskShell.tsx';
import { ErrorPage } from '../../system/index.ts';
import type { TaskDetailDialog_logs$key } from './__generated__/TaskDetailDialog_logs.graphql.ts';
import type { TaskDetailDialog_task$key } from './__generated__/TaskDetailDialog_task.graphql.ts';
import type { TaskDetailDialogQuery } from './__generated__/TaskDetailDialogQuery.graphql.ts';
import type { TaskDetailDialogReportMutation } from './__generated__/TaskDetailDialogReportMutation.graphql.ts';
import type { TaskDetailDialogDeleteMutation } from './__generated__/TaskDetailDialogDeleteMutation.graphql.ts';

const detailQuery = graphql`
  query TaskDetailDialogQuery($id: ID!) {
    node(id: $id) {
      __typename
      ... on Task {
        id
        ...TaskDetailDialog_task @alias
        ...TaskActions_task @alias
        ...AddTaskDialog_task @alias
        ...TaskDetailDialog_logs @alias
      }
    }
    daysWithoutLog(taskId: $id)
  }
`;

const taskFragment = graphql`
  fragment TaskDetailDialog_task on Task {
    id
    databaseId
    title
    content
    priority
    state
    type
    progress
    feedback
    createdAt
    viewerCanEdit
    viewerCanReassign
    viewerCanChangePriority
    viewerCanReport
    project {
      id
      name
      nameEn
      deleted
    }
    skillStack {
      databaseId
      name
    }
    assigner {
      id
      databaseId
      name
      nameEn
    }
    executor {
      id
      databaseId
      name
      nameEn
    }
    additions {
      id
      content
      createdAt
      updatedAt
      viewerCanEdit
      author {
        id
        databaseId
        name
        nameEn
      }
    }
  }
`;

/** The log timeline, newest first, 20 lines at a time (the cost limit forbids asking for all at once). */
const logsFragment = graphql`
  fragment TaskDetailDialog_logs on Task @refetchable(queryName: "TaskDetailDialogLogsPaginationQuery") @argumentDefinitions(first: { type: "Int", defaultValue: 20 }, after: { type: "String" }) {
    logs(first: $first, after: $after) @connection(key: "TaskDetailDialog_logs") {
      __id
      edges {
        node {
          id
          ...TaskLogLine_log
        }
      }
    }
  }
`;

const reportMutation = graphql`
  mutation TaskDetailDialogReportMutation($input: ReportTaskDailyInput!, $logConnections: [ID!]!) {
    reportTaskDaily(input: $input) {
      __typename
      ... on ReportTaskDailyPayload {
        day
        daysWithoutLog
        task {
          id
          ...TaskRow_task
          ...TaskDetailDialog_task
        }
        log @prependNode(connections: $logConnections, edgeTypeName: "TaskLogsConnectionEdge") {
          id
          ...TaskLogLine_log
        }
      }
      ... on Error {
        code
        message
      }
    }
  }
`;
const deleteMutation = graphql`
  mutation TaskDetailDialogDeleteMutation($input: DeleteTasksInput!) {
    deleteTasks(input: $input) {
      __typename
      ... on DeleteTasksPayload {
        deletedTaskIds @deleteRecord
      }
      ... on Error {
        code
        message
      }
    }
  }
`;

type Sub = 'priority' | 'reassign' | 'schedule' | 'append' | 'edit' | 'delete' | 'skill' | { addition: { id: string; content: string } } | null;

/** The read-only skill-stack view (spec section 2): the projects whose tasks use the stack, loaded; the page of all stacks when the viewer's menu has it. */
function SkillStackView({ id, name, onClose }: { id: number; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const menu = useMenu();
  const page = `/mission/skill-stack?stack=${id}`;
  const hasPage = !!findByPath(menu, '/mission/skill-stack');
  return (
    <DialogShell
      title={name}
      onClose={onClose}
      testId="skill-stack-dialog"
      size="lg"
      footer={
        hasPage ? (
          <Button variant="outline" onClick={() => navigate(page)} data-testid="skill-stack-page">
            {t('tasksUi.skill.openPage')}
          </Button>
        ) : undefined
      }
    >
      <Suspense
        fallback={
          <Flex justify="center" p="6">
            <Spinner />
          </Flex>
        }
      >
        <SkillStackFacts id={id} />
      </Suspense>
    </DialogShell>
  );
}

/** 删除: names the consequence, the button says the act. */
function DeleteDialog({ taskId, onClose, onDeleted }: { taskId: string; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const remove = useMutationAction<TaskDetailDialogDeleteMutation>(deleteMutation, (r) => r.deleteTasks);
  const confirm = () =>
    remove.run(
      { input: { ids: [taskId] } },
      {
        onDone: () => {
          notify('success', t('toast.deleted'));
          onDeleted();
        },
      },
    );
  return (
    <FormDialog
      title={t('tasksUi.detail.delete')}
      onClose={onClose}
      onSave={confirm}
      busy={remove.busy}
      busyLabel={t('task.deleting')}
      error={remove.error}
      saveLabel={t('tasksUi.detail.delete')}
      saveTestId="delete-confirm"
      destructive
      testId="delete-dialog"
      size="sm"
    >
      <Text data-testid="delete-question">{t('task.deleteConfirm')}</Text>
    </FormDialog>
  );
}

function LogTimeline({ task, onConnection }: { task: TaskDetailDialog_logs$key; onConnection: (id: string) => void }) {
  const { t } = useTranslation();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(logsFragment, task);
  const connection = data.logs.__id;
  useEffect(() => onConnection(connection), [connection, onConnection]);
  const edges = data.logs.edges;
  return (
    <Box data-testid="log-timeline">
      {edges.map((e, i) => (
        <TaskLogLine key={e.node.id} log={e.node} last={i === edges.length - 1 && !hasNext} />
      ))}
      {hasNext && (
        <Button size="xs" variant="ghost" loading={isLoadingNext} onClick={() => loadNext(20)} data-testid="log-more">
          {t('tasksUi.list.more')}
        </Button>
      )}
    </Box>
  );
}

export function Detail({ id, onClose, opener }: { id: string; onClose: () => void; opener: () => HTMLElement | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const viewer = sessionUser.use();
  const zone = viewer?.timeZone;
  const data = useLazyLoadQuery<TaskDetailDialogQuery>(detailQuery, { id }, { fetchPolicy: 'store-and-network' });
  const node = data.node?.__typename === 'Task' ? data.node : null;
  const task = useFragment<TaskDetailDialog_task$key>(taskFragment, node?.TaskDetailDialog_task ?? null);
  const [sub, setSub] = useState<Sub>(null);
  const [logConnection, setLogConnection] = useState<string | null>(null);
  const [report, setReport] = useState('');
  const [reportDay, setReportDay] = useState('');
  const [reportError, setReportError] = useState<string | null>(null);
  const [sendReport, reporting] = useMutation<TaskDetailDialogReportMutation>(reportMutation);
  const mode = useShellMode();
  const { pathname } = useLocation();
  // A page's tab is named after the task it shows.
  const pageTitle = mode === 'page' ? task?.title : undefined;
  useEffect(() => {
    if (pageTitle) titleView(pathname, { zh: pageTitle, en: pageTitle });
  }, [pageTitle, pathname]);

  if (!node || !task) {
    // A page reached by a link: a task the viewer may not see (or that is gone) answers 401, not an empty form.
    if (mode === 'page') return <ErrorPage code={401} embedded />;
    return (
      <DialogShell title={t('tasksUi.detail.title')} onClose={onClose} testId="task-detail-dialog" size="sm" returnFocus={opener}>
        <Text data-testid="task-missing">{t('error.notFound')}</Text>
      </DialogShell>
    );
  }

  const logConnections = logConnection ? [logConnection] : [];
  const days = data.daysWithoutLog ?? [];

  function saveReport() {
    if (!report.trim()) return setReportError(t('task.reportRequired'));
    setReportError(null);
    sendReport({
      variables: { input: { taskId: task!.id, content: report.trim(), ...(reportDay ? { day: reportDay } : {}) }, logConnections },
      updater: (store, res) => {
        const r = res?.reportTaskDaily;
        if (r?.__typename === 'ReportTaskDailyPayload' && r.daysWithoutLog) store.getRoot().setValue([...r.daysWithoutLog], 'daysWithoutLog', { taskId: id });
      },
      onCompleted: (res) => {
        const r = res.reportTaskDaily;
        if (r.__typename === 'ReportTaskDailyPayload') {
          notify('success', t('tasksUi.detail.reported'));
          setReport('');
          setReportDay('');
        } else setReportError(r.message ?? t('transport.unknown'));
      },
    });
  }

  const header = (
    <Flex align="center" gap="3" wrap="wrap" pr="4" flex="1" minW="0">
      {task.viewerCanChangePriority ? (
        <Box as="button" onClick={() => setSub('priority')} title={t('tasksUi.detail.changePriority')} data-testid="detail-priority">
          <PriorityBadge priority={task.priority} size="lg" />
        </Box>
      ) : (
        <Box data-testid="detail-priority">
          <PriorityBadge priority={task.priority} size="lg" />
        </Box>
      )}
      <Heading size="lg" data-testid="detail-title" flex="1" minW={mode === 'page' ? '60%' : '0'} truncate={mode !== 'page'} as={mode === 'page' ? 'h1' : undefined}>
        {task.title}
      </Heading>
      <StateBadge state={task.state} size="lg" />
      {task.viewerCanEdit && (
        <>
          <Button size="sm" variant="outline" onClick={() => setSub('edit')} data-testid="detail-edit">
            <Pencil size={14} /> {t('tasksUi.detail.edit')}
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => setSub('delete')} data-testid="detail-delete">
            <Trash2 size={14} /> {t('tasksUi.detail.delete')}
          </Button>
        </>
      )}
    </Flex>
  );

  return (
    <TaskShell
      size="full"
      testId={mode === 'page' ? 'task-detail-page' : 'task-detail-dialog'}
      returnFocus={opener}
      title={task.title}
      header={header}
      onClose={onClose}
      footer={node.TaskActions_task && <TaskActions task={node.TaskActions_task} logConnection={logConnection} onSchedule={() => setSub('schedule')} />}
    >
      <style>{RICH_VIEW_CSS}</style>
      {/* Wide: two columns that scroll on their own. Narrow: one column, the dialog body scrolls (no nested scroll boxes). */}
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 380px' }} gap="6" flex={{ lg: '1' }} minH={{ lg: '0' }}>
        <Stack gap="5" minW="0" overflowY={{ lg: 'auto' }} pr={{ lg: '2' }}>
          <Grid templateColumns="auto 1fr" columnGap="4" rowGap="2" fontSize="sm" data-testid="detail-facts">
            <Text color="fg.subtle">{t('tasksUi.field.createdAt')}</Text>
            <Text data-testid="detail-created">{formatDateTime(task.createdAt, lang, zone)}</Text>
            <Text color="fg.subtle">{t('tasksUi.field.project')}</Text>
            <Text data-testid="detail-project">
              {personName(task.project, lang)}
              {task.project.deleted ? ` (${t('tasksUi.detail.projectDeleted')})` : ''}
            </Text>
            <Text color="fg.subtle">{t('tasksUi.field.skillStack')}</Text>
            {task.skillStack ? (
              <Box as="button" textAlign="left" color="fg.link" textDecoration="underline" onClick={() => setSub('skill')} data-testid="detail-skill">
                {task.skillStack.name}
              </Box>
            ) : (
              <Text color="fg.subtle" data-testid="detail-skill">
                {t('tasksUi.detail.noSkillStack')}
              </Text>
            )}
            <Text color="fg.subtle">{t('tasksUi.field.type')}</Text>
            <Text>{t(`tasksUi.type.${task.type === 'BUG' ? 'BUG' : 'NEW_TASK'}`)}</Text>
            <Text color="fg.subtle">{t('tasksUi.field.assigner')}</Text>
            <Text data-testid="detail-assigner">{personName(task.assigner, lang)}</Text>
            <Text color="fg.subtle">{t('tasksUi.field.executor')}</Text>
            <Flex align="center" gap="2">
              <Text data-testid="detail-executor">{task.executor ? personName(task.executor, lang) : t('tasksUi.unassigned')}</Text>
              {task.viewerCanReassign && (
                <Button size="2xs" variant="outline" onClick={() => setSub('reassign')} data-testid="detail-reassign">
                  <UserRoundPen size={12} /> {t('tasksUi.detail.reassign')}
                </Button>
              )}
            </Flex>
            <Text color="fg.subtle">{t('tasksUi.field.progress')}</Text>
            <Text>{task.progress}%</Text>
            {task.feedback && (
              <>
                <Text color="fg.subtle">{t('tasksUi.detail.feedback')}</Text>
                <Text whiteSpace="pre-wrap" data-testid="detail-feedback">
                  {task.feedback}
                </Text>
              </>
            )}
          </Grid>
          <Box>
            <Text fontWeight="semibold" mb="2">
              {t('tasksUi.field.content')}
            </Text>
            <Box borderWidth="1px" borderRadius="md" p="3" bg="bg.panel" data-testid="detail-content">
              {task.content ? <RichTextView html={task.content} /> : <Text color="fg.subtle">—</Text>}
            </Box>
          </Box>
          <Box>
            <Flex align="center" mb="2">
              <Text fontWeight="semibold" flex="1">
                {t('tasksUi.detail.additions')}
              </Text>
              <Button size="xs" variant="outline" onClick={() => setSub('append')} data-testid="detail-append">
                <Plus size={12} /> {t('tasksUi.detail.append')}
              </Button>
            </Flex>
            <Stack gap="2" data-testid="detail-additions">
              {!task.additions.length && (
                <Text fontSize="sm" color="fg.subtle">
                  {t('tasksUi.detail.noAdditions')}
                </Text>
              )}
              {task.additions.map((a) => (
                <Box key={a.id} borderWidth="1px" borderRadius="md" p="3" data-testid="addition">
                  <Flex fontSize="xs" color="fg.subtle" mb="1" align="center" gap="2">
                    <Text fontWeight="semibold" color="fg.strong">
                      {personName(a.author, lang)}
                    </Text>
                    <Text>{formatDateTime(a.createdAt, lang, zone)}</Text>
                    {a.viewerCanEdit && (
                      <Button size="2xs" variant="ghost" ml="auto" onClick={() => setSub({ addition: { id: a.id, content: a.content } })} data-testid="addition-edit">
                        <Pencil size={12} /> {t('tasksUi.detail.edit')}
                      </Button>
                    )}
                  </Flex>
                  <RichTextView html={a.content} data-testid="addition-content" />
                </Box>
              ))}
            </Stack>
          </Box>
          {task.viewerCanReport && (
            <Box>
              <Text fontWeight="semibold" mb="2">
                {t('tasksUi.detail.dailyReport')}
              </Text>
              <Stack gap="2">
                <Textarea
                  rows={3}
                  maxLength={2000}
                  value={report}
                  onChange={(e) => {
                    setReport(e.target.value);
                    setReportError(null);
                  }}
                  placeholder={t('tasksUi.detail.reportPlaceholder')}
                  data-testid="report-text"
                />
                <Flex gap="2" align="center" wrap="wrap">
                  <NativeSelect.Root size="sm" width="52">
                    <NativeSelect.Field value={reportDay} onChange={(e) => setReportDay(e.target.value)} aria-label={t('tasksUi.detail.reportDay')} data-testid="report-day">
                      <option value="">{t('tasksUi.detail.today')}</option>
                      {days.map((d) => (
                        <option key={d} value={d}>
                          {d}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Text fontSize="xs" color="fg.subtle" data-testid="report-missing">
                    {t('tasksUi.detail.daysWithoutLog', { count: days.length })}
                  </Text>
                  <Button size="sm" colorPalette="blue" ml="auto" loading={reporting} onClick={saveReport} data-testid="report-save">
                    {t('tasksUi.save')}
                  </Button>
                </Flex>
                {reportError && (
                  <Text color="fg.error" fontSize="sm" data-testid="report-error">
                    {reportError}
                  </Text>
                )}
              </Stack>
            </Box>
          )}
        </Stack>
        <Stack gap="2" minW="0" overflowY={{ lg: 'auto' }} borderLeftWidth={{ lg: '1px' }} pl={{ lg: '5' }}>
          <Text fontWeight="semibold">{t('tasksUi.detail.log')}</Text>
          <Separator />
          {node.TaskDetailDialog_logs && <LogTimeline task={node.TaskDetailDialog_logs} onConnection={setLogConnection} />}
        </Stack>
      </Grid>

      {sub === 'priority' && <PriorityDialog taskId={task.id} current={task.priority} logConnection={logConnection} onClose={() => setSub(null)} />}
      {sub === 'reassign' && <ReassignDialog taskId={task.id} currentExecutorId={task.executor?.id ?? null} logConnection={logConnection} onClose={() => setSub(null)} />}
      {sub === 'schedule' && (
        <ScheduleDialog taskId={task.id} taskState={task.state} project={{ id: task.project.id, name: task.project.name, nameEn: task.project.nameEn ?? null }} zone={zone} onClose={() => setSub(null)} />
      )}
      {sub === 'append' && <AdditionDialog taskId={task.id} projectId={task.project.id} logConnection={logConnection} onClose={() => setSub(null)} />}
      {sub !== null && typeof sub === 'object' && <AdditionDialog taskId={task.id} projectId={task.project.id} addition={sub.addition} logConnection={logConnection} onClose={() => setSub(null)} />}
      {sub === 'edit' && node.AddTaskDialog_task && <AddTaskDialog task={node.AddTaskDialog_task} logConnection={logConnection} onClose={() => setSub(null)} />}
      {sub === 'delete' && <DeleteDialog taskId={task.id} onClose={() => setSub(null)} onDeleted={onClose} />}
      {sub === 'skill' && task.skillStack && <SkillStackView id={task.skillStack.databaseId} name={task.skillStack.name} onClose={() => setSub(null)} />}
    </TaskShell>
  );
}

/** The task-detail dialog (full screen, spec section 2), with its sub-dialogs. */
export function TaskDetailDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  // Captured before the data loads: focus goes back to the row that opened the dialog.
  const opener = useOpener();
  return (
    <DialogErrorBoundary onClose={onClose}>
      <Suspense fallback={<DialogLoading title={t('tasksUi.detail.title')} onClose={onClose} testId="task-detail-loading" size="full" />}>
        <Detail id={id} onClose={onClose} opener={opener} />
      </Suspense>
    </DialogErrorBoundary>
  );
}
