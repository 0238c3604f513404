import { Button, Flex } from '@chakra-ui/react';
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { commitMutation, graphql, useFragment, useRelayEnvironment } from 'react-relay';
import type { GraphQLTaggedNode } from 'relay-runtime';
import { ReasonButton } from '../../../components/ReasonButton.tsx';
import { notify } from '../../../components/toaster.tsx';
import { FeedbackDialog } from './FeedbackDialog.tsx';
import type { TaskActions_task$key } from './__generated__/TaskActions_task.graphql.ts';

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

/** The task as every transition answers it: the fragments the screens read (the store updates from the payload, no refetch). */
void graphql`
  fragment TaskActions_changed on Task {
    id
    ...TaskRow_task
    ...TaskDetailDialog_task
    ...TaskActions_task
  }
`;

// One mutation per transition (the schema's); each answers the task and the log line it wrote,
// prepended to the detail's timeline (@prependNode must sit in the mutation itself).
const completeMutation = graphql`
  mutation TaskActionsCompleteMutation($input: CompleteTaskInput!, $logConnections: [ID!]!) {
    completeTask(input: $input) {
      __typename
      ... on TaskPayload {
        task {
          ...TaskActions_changed
        }
        log @prependNode(connections: $logConnections, edgeTypeName: "TaskLogsConnectionEdge") {
          id
          ...TaskLogLine_log
        }
      }
      ... on Error {
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
          ...TaskActions_changed
        }
        log @prependNode(connections: $logConnections, edgeTypeName: "TaskLogsConnectionEdge") {
          id
          ...TaskLogLine_log
        }
      }
      ... on Error {
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
          ...TaskActions_changed
        }
        log @prependNode(connections: $logConnections, edgeTypeName: "TaskLogsConnectionEdge") {
          id
          ...TaskLogLine_log
        }
      }
      ... on Error {
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
          ...TaskActions_changed
        }
        log @prependNode(connections: $logConnections, edgeTypeName: "TaskLogsConnectionEdge") {
          id
          ...TaskLogLine_log
        }
      }
      ... on Error {
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
          ...TaskActions_changed
        }
        log @prependNode(connections: $logConnections, edgeTypeName: "TaskLogsConnectionEdge") {
          id
          ...TaskLogLine_log
        }
      }
      ... on Error {
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
          ...TaskActions_changed
        }
        log @prependNode(connections: $logConnections, edgeTypeName: "TaskLogsConnectionEdge") {
          id
          ...TaskLogLine_log
        }
      }
      ... on Error {
        message
      }
    }
  }
`;

type Transition = 'complete' | 'undoComplete' | 'wait' | 'stopWaiting' | 'pause' | 'resume';

/** Each transition: its mutation, the payload field, the message on success. */
const TRANSITIONS: Record<Transition, { mutation: GraphQLTaggedNode; field: string; success: string }> = {
  complete: { mutation: completeMutation, field: 'completeTask', success: 'tasksUi.detail.completed' },
  undoComplete: { mutation: undoMutation, field: 'undoCompleteTask', success: 'tasksUi.detail.undone' },
  wait: { mutation: waitMutation, field: 'waitTask', success: 'toast.taskUpdated' },
  stopWaiting: { mutation: stopWaitingMutation, field: 'stopWaitingTask', success: 'toast.taskUpdated' },
  pause: { mutation: pauseMutation, field: 'pauseTask', success: 'toast.taskUpdated' },
  resume: { mutation: resumeMutation, field: 'resumeTask', success: 'toast.taskUpdated' },
};

type Answer = { readonly __typename: string; readonly message?: string };

/** The footer of the task-detail dialog: wait / stop waiting, pause / resume, add to schedule, complete / undo. */
export function TaskActions({ task: key, logConnection, onSchedule }: { task: TaskActions_task$key; logConnection: string | null; onSchedule: () => void }) {
  const { t } = useTranslation();
  const task = useFragment(taskFragment, key);
  const environment = useRelayEnvironment();
  const [feedback, setFeedback] = useState(false);
  const [feedbackError, setFeedbackError] = useState<string | null>(null);
  const [busy, setBusy] = useState<Transition | null>(null);
  const can = new Set(task.viewerTransitions);

  /** Runs one transition; a refusal or a failure is said (the request layer says transport failures). */
  function run(name: Transition, extra: Record<string, unknown> = {}, onDone?: () => void, onFail?: (message: string) => void) {
    const { mutation, field, success } = TRANSITIONS[name];
    setBusy(name);
    commitMutation(environment, {
      mutation,
      variables: { input: { id: task.id, ...extra }, logConnections: logConnection ? [logConnection] : [] },
      onCompleted: (res) => {
        setBusy(null);
        const answer = (res as Record<string, Answer>)[field]!;
        if (answer.__typename === 'TaskPayload') {
          notify('success', t(success));
          onDone?.();
        } else if (onFail) onFail(answer.message ?? t('transport.unknown'));
        else notify('error', answer.message ?? t('transport.unknown'));
      },
      onError: (err) => {
        setBusy(null);
        onFail?.(err.message || t('transport.unknown'));
      },
    });
  }

  function toggleComplete() {
    if (can.has('undoComplete')) run('undoComplete');
    else if (task.type === 'BUG') setFeedback(true);
    else run('complete');
  }
  const either = (a: Transition, b: Transition) => (can.has(b) ? b : a);

  return (
    <Flex gap="2" wrap="wrap" w="full" justify="flex-end" data-testid="task-actions">
      {(can.has('wait') || can.has('stopWaiting')) && (
        <Button variant="outline" loading={busy === 'wait' || busy === 'stopWaiting'} onClick={() => run(either('wait', 'stopWaiting'))} data-testid="detail-wait">
          {can.has('stopWaiting') ? t('tasksUi.detail.stopWaiting') : t('tasksUi.detail.wait')}
        </Button>
      )}
      {(can.has('pause') || can.has('resume')) && (
        <Button variant="outline" loading={busy === 'pause' || busy === 'resume'} onClick={() => run(either('pause', 'resume'))} data-testid="detail-pause">
          {can.has('resume') ? t('tasksUi.detail.resume') : t('tasksUi.detail.pause')}
        </Button>
      )}
      {/* A complete task cannot be scheduled: the button stays, disabled, and says why (spec; issue 32). */}
      <ReasonButton variant="outline" reason={task.viewerCanSchedule ? null : t('tasksUi.detail.scheduleRefused')} onClick={onSchedule} testId="detail-schedule">
        <CalendarPlus size={14} /> {t('tasksUi.detail.addToSchedule')}
      </ReasonButton>
      {(can.has('complete') || can.has('undoComplete')) && (
        <Button colorPalette={can.has('undoComplete') ? 'orange' : 'green'} loading={busy === 'complete' || busy === 'undoComplete'} onClick={toggleComplete} data-testid="detail-complete">
          {can.has('undoComplete') ? t('tasksUi.detail.undo') : t('tasksUi.detail.complete')}
        </Button>
      )}
      {feedback && (
        <FeedbackDialog
          busy={busy === 'complete'}
          error={feedbackError}
          onClose={() => {
            setFeedback(false);
            setFeedbackError(null);
          }}
          onSubmit={(text) => {
            setFeedbackError(null);
            run('complete', { feedback: text }, () => setFeedback(false), setFeedbackError);
          }}
        />
      )}
    </Flex>
  );
}
