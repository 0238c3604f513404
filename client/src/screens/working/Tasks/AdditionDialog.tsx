import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { FormDialog } from '../../../components/FormDialog.tsx';
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
}: {
  taskId: string;
  projectId: string | null;
  addition?: { id: string; content: string };
  logConnection: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
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
      onClose();
    };
    if (addition) update.run({ input: { id: addition.id, content }, logConnections }, { onDone: finish('toast.additionUpdated') });
    else add.run({ input: { taskId, content }, logConnections }, { onDone: finish('toast.additionAdded') });
  }

  return (
    <FormDialog
      title={t(addition ? 'tasksUi.detail.editAddition' : 'tasksUi.detail.append')}
      onClose={onClose}
      onSave={save}
      busy={add.busy || update.busy}
      error={error ?? add.error ?? update.error}
      errorTestId="addition-error"
      cancelTestId="addition-cancel"
      testId="addition-dialog"
      size="xl"
    >
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
    </FormDialog>
  );
}
