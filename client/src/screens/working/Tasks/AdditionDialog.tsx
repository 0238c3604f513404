import { Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { projectUploader } from './uploadAttachment.ts';
import { RichTextEditor, clearDraft } from '../../../components/editor/index.tsx';
import { DialogShell } from '../../../components/DialogShell.tsx';
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
  const [commitAdd, adding] = useMutation<AdditionDialogAddMutation>(addMutation);
  const [commitUpdate, updating] = useMutation<AdditionDialogUpdateMutation>(updateMutation);
  const draftKey = addition ? `addition-${addition.id}` : `addition-new-${taskId}`;
  const logConnections = logConnection ? [logConnection] : [];

  function save() {
    if (isBlankHtml(content)) {
      setError(t('task.additionContentRequired'));
      return;
    }
    const finish = (key: string) => {
      clearDraft(draftKey);
      notify('success', t(key));
      onClose();
    };
    if (addition) {
      commitUpdate({
        variables: { input: { id: addition.id, content }, logConnections },
        onCompleted: (res) => {
          const r = res.updateTaskAddition;
          if (r.__typename === 'TaskAdditionPayload') finish('toast.additionUpdated');
          else setError(r.message ?? t('transport.unknown'));
        },
      });
    } else {
      commitAdd({
        variables: { input: { taskId, content }, logConnections },
        onCompleted: (res) => {
          const r = res.addTaskAddition;
          if (r.__typename === 'TaskAdditionPayload') finish('toast.additionAdded');
          else setError(r.message ?? t('transport.unknown'));
        },
      });
    }
  }

  return (
    <DialogShell
      title={t(addition ? 'tasksUi.detail.editAddition' : 'tasksUi.detail.append')}
      onClose={onClose}
      testId="addition-dialog"
      size="xl"
      footer={
        <>
          <Button variant="outline" onClick={onClose} data-testid="addition-cancel">
            {t('client.cancel')}
          </Button>
          <Button colorPalette="blue" onClick={save} loading={adding || updating} data-testid="addition-save">
            {t('tasksUi.save')}
          </Button>
        </>
      }
    >
      <Stack gap="2">
        {error && (
          <Text color="fg.error" fontSize="sm" data-testid="addition-error">
            {error}
          </Text>
        )}
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
    </DialogShell>
  );
}
