import { Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql } from 'react-relay';
import { FormDialog } from '../../../components/FormDialog.tsx';
import { useMutationAction } from '../../../lib/useMutationAction.ts';
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
  const change = useMutationAction<PriorityDialogMutation>(priorityMutation, (r) => r.changeTaskPriority);
  const save = () =>
    change.run(
      { input: { id: taskId, priority }, logConnections: logConnection ? [logConnection] : [] },
      {
        onDone: () => {
          notify('success', t('toast.priorityChanged'));
          onClose();
        },
      },
    );
  return (
    <FormDialog title={t('tasksUi.detail.changePriority')} onClose={onClose} onSave={save} busy={change.busy} error={change.error} errorTestId="priority-error" testId="priority-dialog" size="sm">
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
      </Stack>
    </FormDialog>
  );
}
