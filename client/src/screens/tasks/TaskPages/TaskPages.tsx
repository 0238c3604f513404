import { Box, Flex, Spinner, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePreloadedQuery } from 'react-relay';
import { useLocation, useNavigate } from 'react-router';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { PriorityBadge, StateBadge } from '../../../components/task/TaskBadges.tsx';
import { ErrorPage } from '../../system/index.ts';
import { AddTaskDialog } from '../Tasks/AddTaskDialog.tsx';
import { AdditionDialog } from '../Tasks/AdditionDialog.tsx';
import { Detail } from '../Tasks/TaskDetailDialog.tsx';
import { AsPage } from '../Tasks/TaskShell.tsx';
import { taskAppendPageRoute } from './TaskPages.route.ts';
import { taskIdFromPath } from './taskId.ts';
import type { TaskPagesAppendQuery } from './__generated__/TaskPagesAppendQuery.graphql.ts';
import { AFTER_SAVE } from '../../../lib/dirty.ts';

const TASK_LIST = '/mission/task-list';

/** Leaving a page: to `to` once saved, else back where the viewer came from, or to the task list when the page was opened by a link. */
function useLeave() {
  const navigate = useNavigate();
  const location = useLocation();
  return (to?: string) => {
    if (to) navigate(to, { replace: true, ...AFTER_SAVE });
    else if (location.key !== 'default') navigate(-1);
    else navigate(TASK_LIST, { replace: true });
  };
}

const loading = (
  <Flex justify="center" p="10">
    <Spinner />
  </Flex>
);

/** /mission/details/:id: the task detail (the dialog's component) as a page that a link reaches and a reload keeps. */
export function TaskDetailPage() {
  const { pathname } = useLocation();
  const leave = useLeave();
  const id = taskIdFromPath(pathname);
  return (
    <AsPage>
      <Suspense fallback={loading}>
        <Detail key={id} id={id} onClose={() => leave()} opener={() => null} />
      </Suspense>
    </AsPage>
  );
}

/** /mission/add: the add-task form as a page; a saved task opens on its own page. */
export function TaskAddPage() {
  const leave = useLeave();
  const navigate = useNavigate();
  return (
    <AsPage>
      <AddTaskDialog onClose={() => leave()} onCreated={(id) => navigate(`/mission/details/${id}`, { replace: true, ...AFTER_SAVE })} />
    </AsPage>
  );
}

function AppendForm() {
  const { t } = useTranslation();
  const leave = useLeave();
  const { pathname } = useLocation();
  const { queryRef } = useRouteQuery(taskAppendPageRoute, { id: taskIdFromPath(pathname) });
  const data = usePreloadedQuery<TaskPagesAppendQuery>(
    graphql`
      query TaskPagesAppendQuery($id: ID!) {
        node(id: $id) {
          __typename
          ... on Task {
            id
            databaseId
            title
            priority
            state
            project {
              id
            }
          }
        }
      }
    `,
    queryRef,
  );
  const task = data.node?.__typename === 'Task' ? data.node : null;
  if (!task) return <ErrorPage code={401} embedded />;
  const detail = `/mission/details/${task.databaseId}`;
  return (
    <AdditionDialog
      taskId={task.id}
      projectId={task.project.id}
      logConnection={null}
      onClose={() => leave()}
      onSaved={() => leave(detail)}
      context={
        <Flex align="center" gap="2" wrap="wrap" data-testid="append-task">
          <PriorityBadge priority={task.priority} />
          <Text fontWeight="semibold">{task.title}</Text>
          <StateBadge state={task.state} />
          <Box as="a" ms="auto" fontSize="sm" color="fg.link" textDecoration="underline" {...{ href: `#${detail}` }}>
            {t('tasksUi.pages.openTask')}
          </Box>
        </Flex>
      }
    />
  );
}

/** /mission/append/:id: the addition form as a page; after the save, the task's page. */
export function TaskAppendPage() {
  return (
    <AsPage>
      <Suspense fallback={loading}>
        <AppendForm />
      </Suspense>
    </AsPage>
  );
}
