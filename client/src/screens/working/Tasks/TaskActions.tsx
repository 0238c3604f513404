import { Button, Flex } from '@chakra-ui/react';
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, useFragment, useMutation } from 'react-relay';
import { notify } from '../../../components/toaster.tsx';
import { FeedbackDialog } from './FeedbackDialog.tsx';
import type { TaskActions_task$key } from './__generated__/TaskActions_task.graphql.ts';
import type { TaskActionsCompleteMutation } from './__generated__/TaskActionsCompleteMutation.graphql.ts';
import type { TaskActionsPauseMutation } from './__generated__/TaskActionsPauseMutation.graphql.ts';
import type { TaskActionsResumeMutation } from './__generated__/TaskActionsResumeMutation.graphql.ts';
import type { TaskActionsStopWaitingMutation } from './__generated__/TaskActionsStopWaitingMutation.graphql.ts';
import type { TaskActionsUndoMutation } from './__generated__/TaskActionsUndoMutation.graphql.ts';
import type { TaskActionsWaitMutation } from './__generated__/TaskActionsWaitMutation.graphql.ts';

/**
 * The state changes of a task, as Relay's issue-tracker keeps IssueActions: its own fragment and
 * mutations. Which buttons show is the server's answer (viewerTransitions, viewerCanSchedule);
 * the client never works out the state machine.
 */
const taskFragment = graphql`
  fragment TaskActions_task on Task {
    id
    state
    type
    viewerTransitions
    viewerCanSchedule
  }
`;

// One mutation per transition; each payload carries the task and the log line it wrote, so the
// store is updated from the answer (no refetch).
const completeMutation = graphql`
  mutation TaskActionsCompleteMutation($input: CompleteTaskInput!, $logConnections: [ID!]!) {
    completeTask(input: $input) {
      __typename
      ... on TaskPayload {
        task {
          id
          ...TaskRow_task
          ...TaskDetailDialog_task
          ...TaskActions_task
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
const undoMutation = graphql`
  mutation TaskActionsUndoMutation($input: UndoCompleteTaskInput!, $logConnections: [ID!]!) {
    undoCompleteTask(input: $input) {
      __typename
      ... on TaskPayload {
        task {
          id
          ...TaskRow_task
          ...TaskDetailDialog_task
          ...TaskActions_task
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
const waitMutation = graphql`
  mutation TaskActionsWaitMutation($input: WaitTaskInput!, $logConnections: [ID!]!) {
    waitTask(input: $input) {
      __typename
      ... on TaskPayload {
        task {
          id
          ...TaskRow_task
          ...TaskDetailDialog_task
          ...TaskActions_task
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
const stopWaitingMutation = graphql`
  mutation TaskActionsStopWaitingMutation($input: StopWaitingTaskInput!, $logConnections: [ID!]!) {
    stopWaitingTask(input: $input) {
      __typename
      ... on TaskPayload {
        task {
          id
          ...TaskRow_task
          ...TaskDetailDialog_task
          ...TaskActions_task
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
const pauseMutation = graphql`
  mutation TaskActionsPauseMutation($input: PauseTaskInput!, $logConnections: [ID!]!) {
    pauseTask(input: $input) {
      __typename
      ... on TaskPayload {
        task {
          id
          ...TaskRow_task
          ...TaskDetailDialog_task
          ...TaskActions_task
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
const resumeMutation = graphql`
  mutation TaskActionsResumeMutation($input: ResumeTaskInput!, $logConnections: [ID!]!) {
    resumeTask(input: $input) {
      __typename
      ... on TaskPayload {
        task {
          id
          ...TaskRow_task
          ...TaskDetailDialog_task
          ...TaskActions_task
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

type Result = { readonly __typename: string; readonly message?: string };

/** The footer of the task-detail dialog: wait / stop waiting, pause / resume, add to schedule, complete / undo. */
export function TaskActions({ task: key, logConnection, onSchedule }: { task: TaskActions_task$key; logConnection: string | null; onSchedule: () => void }) {
  const { t } = useTranslation();
  const task = useFragment(taskFragment, key);
  const [feedback, setFeedback] = useState(false);
  const [complete, completing] = useMutation<TaskActionsCompleteMutation>(completeMutation);
  const [undo, undoing] = useMutation<TaskActionsUndoMutation>(undoMutation);
  const [wait, waiting] = useMutation<TaskActionsWaitMutation>(waitMutation);
  const [stopWaiting, stoppingWait] = useMutation<TaskActionsStopWaitingMutation>(stopWaitingMutation);
  const [pause, pausing] = useMutation<TaskActionsPauseMutation>(pauseMutation);
  const [resume, resuming] = useMutation<TaskActionsResumeMutation>(resumeMutation);

  const can = new Set(task.viewerTransitions);
  const variables = { input: { id: task.id }, logConnections: logConnection ? [logConnection] : [] };
  const onResult = (r: Result, success?: string) => {
    if (r.__typename === 'TaskPayload') {
      if (success) notify('success', success);
      return true;
    }
    notify('error', r.message ?? t('transport.unknown'));
    return false;
  };
  const updated = t('toast.taskUpdated');

  function toggleComplete() {
    if (can.has('undoComplete')) {
      undo({ variables, onCompleted: (res) => void onResult(res.undoCompleteTask, t('tasksUi.detail.undone')) });
    } else if (task.type === 'BUG') {
      setFeedback(true);
    } else {
      complete({ variables, onCompleted: (res) => void onResult(res.completeTask, t('tasksUi.detail.completed')) });
    }
  }

  return (
    <Flex gap="2" wrap="wrap" w="full" justify="flex-end" data-testid="task-actions">
      {(can.has('wait') || can.has('stopWaiting')) && (
        <Button
          variant="outline"
          loading={waiting || stoppingWait}
          onClick={() =>
            can.has('stopWaiting') ? stopWaiting({ variables, onCompleted: (res) => void onResult(res.stopWaitingTask, updated) }) : wait({ variables, onCompleted: (res) => void onResult(res.waitTask, updated) })
          }
          data-testid="detail-wait"
        >
          {can.has('stopWaiting') ? t('tasksUi.detail.stopWaiting') : t('tasksUi.detail.wait')}
        </Button>
      )}
      {(can.has('pause') || can.has('resume')) && (
        <Button
          variant="outline"
          loading={pausing || resuming}
          onClick={() => (can.has('resume') ? resume({ variables, onCompleted: (res) => void onResult(res.resumeTask, updated) }) : pause({ variables, onCompleted: (res) => void onResult(res.pauseTask, updated) }))}
          data-testid="detail-pause"
        >
          {can.has('resume') ? t('tasksUi.detail.resume') : t('tasksUi.detail.pause')}
        </Button>
      )}
      {/* A complete task cannot be scheduled: the button stays and says why (spec). */}
      <Button variant="outline" onClick={() => (task.viewerCanSchedule ? onSchedule() : notify('warning', t('task.completedNotSchedulable')))} data-testid="detail-schedule">
        <CalendarPlus size={14} /> {t('tasksUi.detail.addToSchedule')}
      </Button>
      {(can.has('complete') || can.has('undoComplete')) && (
        <Button colorPalette={can.has('undoComplete') ? 'orange' : 'green'} loading={completing || undoing} onClick={toggleComplete} data-testid="detail-complete">
          {can.has('undoComplete') ? t('tasksUi.detail.undo') : t('tasksUi.detail.complete')}
        </Button>
      )}
      {feedback && (
        <FeedbackDialog
          busy={completing}
          onClose={() => setFeedback(false)}
          onSubmit={(text) =>
            complete({
              variables: { input: { id: task.id, feedback: text }, logConnections: variables.logConnections },
              onCompleted: (res) => {
                if (onResult(res.completeTask, t('tasksUi.detail.completed'))) setFeedback(false);
              },
            })
          }
        />
      )}
    </Flex>
  );
}
