import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useMutation } from 'react-relay';
import { DialogShell } from '../../../components/DialogShell.tsx';
import { PRIORITIES, PriorityBadge, priorityOf, type TaskPriorityCode } from '../../../components/task/TaskBadges.tsx';
import { notify } from '../../../components/toaster.tsx';
import type { PriorityDialogMutation } from './__generated__/PriorityDialogMutation.graphql.ts';

const priorityMutation = graphql`
  mutation PriorityDialogMutation($input: ChangeTaskPriorityInput!, $logConnections: [ID!]!) {
    changeTaskPriority(input: $input) {
      __typename
      ... on TaskPayload {
        task {
          id
          priority
          ...TaskRow_task
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

/** 修改任务优先级: pick one of the four priorities; 修改优先级成功. */
export function PriorityDialog({ taskId, current, logConnection, onClose }: { taskId: string; current: string; logConnection: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [priority, setPriority] = useState<TaskPriorityCode>(priorityOf(current));
  const [error, setError] = useState<string | null>(null);
  const [commit, busy] = useMutation<PriorityDialogMutation>(priorityMutation);
  function save() {
    commit({
      variables: { input: { id: taskId, priority }, logConnections: logConnection ? [logConnection] : [] },
      onCompleted: (res) => {
        const r = res.changeTaskPriority;
        if (r.__typename === 'TaskPayload') {
          notify('success', t('toast.priorityChanged'));
          onClose();
        } else setError(r.message ?? t('transport.unknown'));
      },
    });
  }
  return (
    <DialogShell
      title={t('tasksUi.detail.changePriority')}
      onClose={onClose}
      testId="priority-dialog"
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('client.cancel')}
          </Button>
          <Button colorPalette="blue" onClick={save} loading={busy} data-testid="priority-save">
            {t('tasksUi.save')}
          </Button>
        </>
      }
    >
      <Stack gap="2">
        {PRIORITIES.map((p) => (
          <Flex
            key={p}
            as="button"
            align="center"
            gap="3"
            p="2"
            borderWidth="1px"
            borderRadius="md"
            borderColor={p === priority ? 'border.selected' : 'border'}
            bg={p === priority ? 'bg.selected' : 'bg.panel'}
            onClick={() => setPriority(p)}
            data-testid={`priority-option-${p}`}
            aria-pressed={p === priority}
          >
            <PriorityBadge priority={p} />
            <Text fontSize="sm">{t(`tasksUi.priority.${p}`)}</Text>
          </Flex>
        ))}
        {error && (
          <Text color="fg.error" fontSize="sm" data-testid="priority-error">
            {error}
          </Text>
        )}
      </Stack>
    </DialogShell>
  );
}
