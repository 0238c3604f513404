import { Box } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
import { StaffPicker, type PickedPerson } from './StaffPicker.tsx';
import { notify } from '../../../components/toaster.tsx';
import type { ReassignDialogMutation } from './__generated__/ReassignDialogMutation.graphql.ts';

const assignMutation = graphql`
  mutation ReassignDialogMutation($input: AssignTaskInput!, $logConnections: [ID!]!) {
    assignTask(input: $input) {
      __typename
      ... on TaskPayload {
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

/** 重新指派人员: person tiles; an executor is required (请选择执行人员); 重新指派成功. */
export function ReassignDialog({ taskId, currentExecutorId, logConnection, onClose }: { taskId: string; currentExecutorId: string | null; logConnection: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [person, setPerson] = useState<PickedPerson | null>(null);
  const [error, setError] = useState<string | null>(null);
  const assign = useMutationAction<ReassignDialogMutation>(assignMutation, (r) => r.assignTask);
  function save() {
    if (!person) {
      setError(t('task.reassignExecutorRequired'));
      return;
    }
    assign.run(
      { input: { id: taskId, executorId: person.id }, logConnections: logConnection ? [logConnection] : [] },
      {
        onDone: () => {
          notify('success', t('toast.reassigned'));
          onClose();
        },
      },
    );
  }
  return (
    <FormDialog title={t('tasksUi.detail.reassign')} onClose={onClose} onSave={save} busy={assign.busy} error={error ?? assign.error} errorTestId="reassign-error" testId="reassign-dialog" size="xl">
      <Box maxH="60vh" overflowY="auto">
        <StaffPicker
          layout="tiles"
          selectedId={person?.id ?? currentExecutorId}
          onSelect={(p) => {
            setPerson(p);
            setError(null);
          }}
          testId="reassign-picker"
        />
      </Box>
    </FormDialog>
  );
}
