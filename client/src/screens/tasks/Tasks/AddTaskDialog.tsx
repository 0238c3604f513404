import { Box, Button, Field, Flex, Grid, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment } from 'react-relay';
import { FormError } from '../../../components/FormError.tsx';
import { CodeSelect } from '../../../components/task/CodeSelect.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { projectUploader } from './uploadAttachment.ts';
import { RichTextEditor, clearDraft } from '../../../components/editor/index.tsx';
import { TaskShell, useShellMode } from './TaskShell.tsx';
import { ProjectAutocomplete, type PickedProject } from '../../../components/selectors/ProjectAutocomplete.tsx';
import { StaffPicker, type PickedPerson } from './StaffPicker.tsx';
import { LetterBadge, PRIORITIES, TYPES, personName, priorityOf, type TaskPriorityCode, type TaskTypeCode } from '../../../components/task/TaskBadges.tsx';
import { notify } from '../../../components/toaster.tsx';
import { useLang } from '../../../lib/useLang.ts';
import { firstProblem, type NewTask, type Problem } from './rules.ts';
import type { AddTaskDialog_task$key } from './__generated__/AddTaskDialog_task.graphql.ts';
import type { AddTaskDialogCreateMutation } from './__generated__/AddTaskDialogCreateMutation.graphql.ts';
import type { AddTaskDialogUpdateMutation } from './__generated__/AddTaskDialogUpdateMutation.graphql.ts';

const taskFragment = graphql`
  fragment AddTaskDialog_task on Task {
    id
    title
    content
    priority
    type
    project {
      id
      name
      nameEn
    }
    executor {
      id
      name
      nameEn
    }
  }
`;

const createMutation = graphql`
  mutation AddTaskDialogCreateMutation($input: CreateTaskInput!, $connections: [ID!]!) {
    createTask(input: $input) {
      __typename
      ... on TaskPayload {
        task @prependNode(connections: $connections, edgeTypeName: "QueryTasksConnectionEdge") {
          id
          databaseId
          ...TaskRow_task
        }
      }
      ... on Error {
        code
        message
      }
    }
  }
`;

const updateMutation = graphql`
  mutation AddTaskDialogUpdateMutation($input: UpdateTaskInput!, $logConnections: [ID!]!) {
    updateTask(input: $input) {
      __typename
      ... on TaskPayload {
        task {
          id
          ...TaskRow_task
          ...TaskDetailDialog_task
          ...AddTaskDialog_task
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

const PROBLEM_KEYS: Record<Problem, string> = {
  project: 'task.projectRequired',
  title: 'task.titleRequired',
  executor: 'task.executorRequired',
};

/**
 * The add-task dialog (full screen; also edits, for the assigner): left the staff picker, right
 * project, priority, type, title and the rich-text body. 新增任务成功 / 更新任务成功.
 */
export function AddTaskDialog({
  onClose,
  connectionFor,
  task,
  logConnection,
  onCreated,
}: {
  onClose: () => void;
  /** Connections the new task is prepended to (the list shown, when it fits its filter). */
  connectionFor?: (task: NewTask) => string[];
  /** Editing an existing task. */
  task?: AddTaskDialog_task$key;
  logConnection?: string | null;
  /** The new task's id (the add page opens it). */
  onCreated?: (databaseId: number) => void;
}) {
  const { t } = useTranslation();
  const mode = useShellMode();
  const lang = useLang();
  const existing = useFragment(taskFragment, task ?? null);
  const [executor, setExecutor] = useState<PickedPerson | null>(existing?.executor ? { id: existing.executor.id, name: existing.executor.name, nameEn: existing.executor.nameEn ?? null } : null);
  const [project, setProject] = useState<PickedProject | null>(existing ? { id: existing.project.id, name: existing.project.name, nameEn: existing.project.nameEn ?? null } : null);
  const [priority, setPriority] = useState<TaskPriorityCode>(existing ? priorityOf(existing.priority) : 'MEDIUM');
  const [type, setType] = useState<TaskTypeCode>(existing?.type === 'BUG' ? 'BUG' : 'NEW_TASK');
  const [title, setTitle] = useState(existing?.title ?? '');
  const [content, setContent] = useState(existing?.content ?? '');
  const [problem, setProblem] = useState<Problem | null>(null);
  const create = useMutationAction<AddTaskDialogCreateMutation, AddTaskDialogCreateMutation['response']['createTask']>(createMutation, (r) => r.createTask);
  const update = useMutationAction<AddTaskDialogUpdateMutation>(updateMutation, (r) => r.updateTask);
  const serverError = create.error ?? update.error;
  const draftKey = existing ? `task-${existing.id}` : 'task-new';
  // Dirty when anything differs from what the dialog opened with (the editor's markup aside: its text counts).
  const snapshot = () => JSON.stringify([executor?.id, project?.id, priority, type, title.trim(), content.replace(/<[^>]*>/g, '').trim()]);
  const [opened] = useState(snapshot);
  const dirty = snapshot() !== opened;

  function save() {
    const found = firstProblem({ project, title, executor });
    // The problem shows under its field only (a toast said it again, over the menu, and stayed
    // after the dialog was left).
    setProblem(found);
    if (found) return;
    const fields = { projectId: project!.id, title: title.trim(), executorId: executor!.id, priority, type, content };
    const done = (message: string) => {
      clearDraft(draftKey);
      notify('success', message);
      onClose();
    };
    if (existing) {
      update.run({ input: { id: existing.id, ...fields }, logConnections: logConnection ? [logConnection] : [] }, { onDone: () => done(t('toast.taskUpdated')) });
    } else {
      const connections = connectionFor?.({ state: 'INCOMPLETE', priority, projectId: project!.id, title: title.trim() }) ?? [];
      create.run(
        { input: fields, connections },
        {
          onDone: (r) => {
            if (onCreated && r.__typename === 'TaskPayload' && r.task) {
              clearDraft(draftKey);
              notify('success', t('toast.taskCreated'));
              onCreated(r.task.databaseId);
            } else done(t('toast.taskCreated'));
          },
        },
      );
    }
  }

  const problemText = (which: Problem) => (problem === which ? <Field.ErrorText data-testid="add-task-error">{t(PROBLEM_KEYS[which])}</Field.ErrorText> : null);
  return (
    <TaskShell
      size="full"
      testId={mode === 'page' ? 'add-task-page' : 'add-task-dialog'}
      title={t(existing ? 'tasksUi.form.editTitle' : 'tasksUi.form.addTitle')}
      onClose={onClose}
      dirty={dirty}
      footer={
        <>
          <Button variant="outline" onClick={onClose} data-testid="add-task-cancel">
            {t('client.cancel')}
          </Button>
          <Button colorPalette="blue" onClick={save} loading={create.busy || update.busy} loadingText={t('tasksUi.saving')} data-testid="add-task-save">
            {t('tasksUi.save')}
          </Button>
        </>
      }
    >
      {/* Phones: one column that scrolls, the staff picker a fixed-height panel above the fields
          (it used to shrink to nothing and spill over the project field). */}
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', md: '280px minmax(0, 1fr)' }} gap="6" flex={{ md: '1' }} minH={{ md: '0' }}>
        <Stack gap="2" borderRightWidth={{ md: '1px' }} pr={{ md: '4' }} minH="0" maxH={{ md: 'calc(100vh - 180px)' }}>
          <Field.Root invalid={problem === 'executor'} required>
            <Field.Label fontWeight="semibold" id="executor-label">
              {t('tasksUi.field.executor')}
              <Field.RequiredIndicator />
            </Field.Label>
            {problemText('executor')}
          </Field.Root>
          {executor && (
            <Flex align="center" gap="2" p="2" bg="bg.selected" borderRadius="md" data-testid="selected-executor">
              <LetterBadge name={personName(executor, lang)} index={0} size={6} />
              <Text fontSize="sm">{personName(executor, lang)}</Text>
            </Flex>
          )}
          <Box
            flex={{ md: '1' }}
            h={{ base: '72', md: 'auto' }}
            flexShrink={0}
            minH="0"
            borderWidth={problem === 'executor' ? '1px' : undefined}
            borderColor="border.error"
            borderRadius="md"
            data-testid="staff-picker-panel"
          >
            <StaffPicker
              selectedId={executor?.id ?? null}
              onSelect={(p) => {
                setExecutor(p);
                if (problem === 'executor') setProblem(null);
              }}
            />
          </Box>
        </Stack>
        <Stack gap="4" minW="0">
          <FormError message={serverError} testId="add-task-server-error" />
          <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr 1fr' }} gap="4">
            <Field.Root invalid={problem === 'project'} required>
              <Field.Label>
                {t('tasksUi.field.project')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Box w="full">
                <ProjectAutocomplete
                  value={project}
                  onChange={(p) => {
                    setProject(p);
                    if (problem === 'project') setProblem(null);
                  }}
                  invalid={problem === 'project'}
                />
              </Box>
              {problemText('project')}
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('tasksUi.field.priority')}</Field.Label>
              <CodeSelect codes={PRIORITIES} prefix="tasksUi.priority" value={priority} onChange={(p) => p && setPriority(p)} testId="task-priority" />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('tasksUi.field.type')}</Field.Label>
              <CodeSelect codes={TYPES} prefix="tasksUi.type" value={type} onChange={(ty) => ty && setType(ty)} testId="task-type" />
            </Field.Root>
          </Grid>
          <Field.Root invalid={problem === 'title'} required>
            <Field.Label>
              {t('tasksUi.field.title')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input
              value={title}
              maxLength={200}
              onChange={(e) => {
                setTitle(e.target.value);
                if (problem === 'title') setProblem(null);
              }}
              placeholder={t('tasksUi.form.titlePlaceholder')}
              data-testid="task-title"
            />
            {problemText('title')}
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('tasksUi.field.content')}</Field.Label>
            <Box w="full">
              <RichTextEditor
                value={content}
                onChange={setContent}
                draftKey={draftKey}
                uploadAttachment={projectUploader(project?.id)}
                placeholder={t('tasksUi.form.contentPlaceholder')}
                label={t('tasksUi.field.content')}
                minHeight="280px"
                testId="task-editor"
              />
            </Box>
          </Field.Root>
        </Stack>
      </Grid>
    </TaskShell>
  );
}
