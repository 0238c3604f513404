import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { DialogShell } from '../../../components/DialogShell.tsx';
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
  const [commit, busy] = useMutation<ReassignDialogMutation>(assignMutation);
  function save() {
    if (!person) {
      setError(t('task.reassignExecutorRequired'));
      return;
    }
    commit({
      variables: { input: { id: taskId, executorId: person.id }, logConnections: logConnection ? [logConnection] : [] },
      onCompleted: (res) => {
        const r = res.assignTask;
        if (r.__typename === 'TaskPayload') {
          notify('success', t('toast.reassigned'));
          onClose();
        } else setError(r.message ?? t('transport.unknown'));
      },
    });
  }
  return (
    <DialogShell
      title={t('tasksUi.detail.reassign')}
      onClose={onClose}
      testId="reassign-dialog"
      size="xl"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('client.cancel')}
          </Button>
          <Button colorPalette="blue" onClick={save} loading={busy} data-testid="reassign-save">
            {t('tasksUi.save')}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        {error && (
          <Text color="fg.error" fontSize="sm" data-testid="reassign-error">
            {error}
          </Text>
        )}
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
      </Stack>
    </DialogShell>
  );
}
