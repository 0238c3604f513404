import { Button, Stack } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { FormError } from '../../../components/FormError.tsx';
import { TaskShell, useShellMode } from './TaskShell.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { projectUploader } from './uploadAttachment.ts';
import { RichTextEditor, clearDraft } from '../../../components/editor/index.tsx';
import { notify } from '../../../components/toaster.tsx';
import { isBlankHtml } from './rules.ts';
import type { AdditionDialogAddMutation } from './__generated__/AdditionDialogAddMutation.graphql.ts';
import type { AdditionDialogUpdateMutation } from './__generated__/AdditionDialogUpdateMutation.graphql.ts';

const addMutation = graphql`
  mutation AdditionDialogAddMutation($input: AddTaskAdditionInput!, $logConnections: [ID!]!) {
    addTaskAddition(input: $input) {
      __typename
      ... on TaskAdditionPayload {
        task {
          id
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

const updateMutation = graphql`
  mutation AdditionDialogUpdateMutation($input: UpdateTaskAdditionInput!, $logConnections: [ID!]!) {
    updateTaskAddition(input: $input) {
      __typename
      ... on TaskAdditionPayload {
        addition {
          id
          content
          updatedAt
        }
        task {
          id
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

/** 追加任务: append (or edit one's own) addition with the rich editor; 追加任务成功 / 修改追加任务成功. */
export function AdditionDialog({
  taskId,
  projectId,
  addition,
  logConnection,
  onClose,
  onSaved,
  context,
}: {
  taskId: string;
  projectId: string | null;
  addition?: { id: string; content: string };
  logConnection: string | null;
  onClose: () => void;
  /** After a save (the append page goes to the task); default: onClose. */
  onSaved?: () => void;
  /** What the page shows above the editor (the task appended to). */
  context?: ReactNode;
}) {
  const { t } = useTranslation();
  const mode = useShellMode();
  const [content, setContent] = useState(addition?.content ?? '');
  const [error, setError] = useState<string | null>(null);
  const add = useMutationAction<AdditionDialogAddMutation>(addMutation, (r) => r.addTaskAddition);
  const update = useMutationAction<AdditionDialogUpdateMutation>(updateMutation, (r) => r.updateTaskAddition);
  const draftKey = addition ? `addition-${addition.id}` : `addition-new-${taskId}`;
  const logConnections = logConnection ? [logConnection] : [];

  function save() {
    if (isBlankHtml(content)) {
      setError(t('task.additionContentRequired'));
      return;
    }
    const finish = (key: string) => () => {
      clearDraft(draftKey);
      notify('success', t(key));
      (onSaved ?? onClose)();
    };
    if (addition) update.run({ input: { id: addition.id, content }, logConnections }, { onDone: finish('toast.additionUpdated') });
    else add.run({ input: { taskId, content }, logConnections }, { onDone: finish('toast.additionAdded') });
  }

  const busy = add.busy || update.busy;
  // The dialog-form recipe (FormDialog) on TaskShell, so that /mission/append/:id is the same form as a page.
  return (
    <TaskShell
      title={t(addition ? 'tasksUi.detail.editAddition' : 'tasksUi.detail.append')}
      onClose={onClose}
      testId={mode === 'page' ? 'addition-page' : 'addition-dialog'}
      size="xl"
      footer={
        <>
          <Button variant="outline" onClick={onClose} data-testid="addition-cancel">
            {t('client.cancel')}
          </Button>
          <Button colorPalette="blue" onClick={save} loading={busy} data-testid="addition-save">
            {t('tasksUi.save')}
          </Button>
        </>
      }
    >
      <Stack gap="3" minH="0">
        <FormError message={error ?? add.error ?? update.error} testId="addition-error" />
        {context}
        <RichTextEditor
          value={content}
          onChange={(html) => {
            setContent(html);
            setError(null);
          }}
          draftKey={draftKey}
          uploadAttachment={projectUploader(projectId)}
          testId="addition-editor"
          label={t('tasksUi.field.content')}
          minHeight="200px"
        />
      </Stack>
    </TaskShell>
  );
}
