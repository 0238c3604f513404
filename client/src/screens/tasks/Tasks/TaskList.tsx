import { Box, Button, Flex, Heading, Stack, Tabs, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { useEffect, useId, useState, useTransition } from 'react';
import { useTranslation } from 'react-i18next';
import { graphql, usePaginationFragment, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { SearchBox } from '../../../components/list/SearchBox.tsx';
import { QueryBoundary } from '../../../components/ErrorBoundary.tsx';
import { useRouteQuery } from '../../../relay/routeQuery.ts';
import { taskListRoute } from './TaskList.route.ts';
import { PRIORITIES, STATES } from '../../../components/task/TaskBadges.tsx';
import { DialogErrorBoundary } from '../../../components/DialogErrorBoundary.tsx';
import { ProjectAutocomplete } from '../../../components/selectors/ProjectAutocomplete.tsx';
import { CodeSelect } from '../../../components/task/CodeSelect.tsx';
import { AddTaskDialog } from './AddTaskDialog.tsx';
import { preloadAddTask } from './StaffPicker.tsx';
import { TaskDetailDialog } from './TaskDetailDialog.tsx';
import { TaskRow } from './TaskRow.tsx';
import { newTaskFits, type ListFilters, type TaskRole } from './rules.ts';
import type { TaskList_query$key } from './__generated__/TaskList_query.graphql.ts';
import type { TaskListQuery, TaskFilter } from './__generated__/TaskListQuery.graphql.ts';

const listQuery = graphql`
  query TaskListQuery($filter: TaskFilter) {
    ...TaskList_query @arguments(filter: $filter)
  }
`;

const listFragment = graphql`
  fragment TaskList_query on Query @refetchable(queryName: "TaskListPaginationQuery") @argumentDefinitions(filter: { type: "TaskFilter" }, first: { type: "Int", defaultValue: 20 }, after: { type: "String" }) {
    tasks(filter: $filter, first: $first, after: $after) @connection(key: "TaskList_tasks", filters: ["filter"]) {
      __id
      totalCount
      totalCountCapped
      edges {
        node {
          id
          ...TaskRow_task
        }
      }
    }
  }
`;

function Rows({ query, compact, onOpen, onConnection }: { query: TaskList_query$key; compact: boolean; onOpen: (id: string) => void; onConnection: (id: string) => void }) {
  const { t } = useTranslation();
  const { data, hasNext, isLoadingNext, loadNext } = usePaginationFragment(listFragment, query);
  const connection = data.tasks.__id;
  useEffect(() => onConnection(connection), [connection, onConnection]);
  // A deleted task (@deleteRecord) leaves its edge pointing at nothing until the list is read again.
  const edges = data.tasks.edges.filter((e) => e.node != null);
  return (
    <Stack gap="0" data-testid="task-rows">
      <Text fontSize="xs" color="fg.subtle" px="3" py="1" data-testid="task-total">
        {t(data.tasks.totalCountCapped ? 'tasksUi.list.totalAtLeast' : 'tasksUi.list.total', { count: data.tasks.totalCount.toLocaleString('en-US') })}
      </Text>
      {!edges.length && (
        <Text color="fg.subtle" p="6" textAlign="center" data-testid="task-empty">
          {t('tasksUi.list.empty')}
        </Text>
      )}
      {edges.map(({ node }) => (
        <TaskRow key={node.id} task={node} compact={compact} onOpen={onOpen} />
      ))}
      {hasNext && (
        <Button variant="ghost" size="sm" m="2" onClick={() => loadNext(20)} loading={isLoadingNext} data-testid="task-more">
          {t('tasksUi.list.more')}
        </Button>
      )}
    </Stack>
  );
}

function Results({ queryRef, compact, onOpen, onConnection }: { queryRef: PreloadedQuery<TaskListQuery>; compact: boolean; onOpen: (id: string) => void; onConnection: (id: string) => void }) {
  const data = usePreloadedQuery<TaskListQuery>(listQuery, queryRef);
  return <Rows query={data} compact={compact} onOpen={onOpen} onConnection={onConnection} />;
}

const filterOf = (f: ListFilters): TaskFilter => ({
  role: f.role,
  ...(f.state ? { state: f.state } : {}),
  ...(f.priority ? { priority: f.priority } : {}),
  ...(f.project ? { projectId: f.project.id } : {}),
  ...(f.search ? { search: f.search } : {}),
});

/**
 * Task list (spec section 2, "working: task views"): tasks assigned to me or by me, filtered by
 * state, priority and project, searched by title, 20 at a time (Relay connection). The add-task
 * dialog and the task-detail dialog open from here. `compact` is the column beside My Calendar.
 */
export function TaskList({ compact = false, embedded = false }: { compact?: boolean; embedded?: boolean }) {
  const { t } = useTranslation();
  const panelId = useId();
  const [filters, setFilters] = useState<ListFilters>({ role: 'ASSIGNED_TO_ME', state: '', priority: '', project: null, search: '' });
  const [pending, startTransition] = useTransition();
  // The route started the query with the first filters (TaskList.route.ts); a filter asks again.
  const { queryRef, load, retry } = useRouteQuery(taskListRoute, { filter: filterOf(filters) });
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [connectionId, setConnectionId] = useState<string | null>(null);
  const set = (patch: Partial<ListFilters>) => {
    const next = { ...filters, ...patch };
    startTransition(() => {
      setFilters(next);
      load({ filter: filterOf(next) });
    });
  };

  return (
    <Stack gap="3" data-testid="task-list" h={compact ? 'full' : undefined} minH="0">
      <Flex align="center" gap="2">
        <Heading size={compact || embedded ? 'md' : 'lg'} flex="1">
          {t('tasksUi.list.title')}
        </Heading>
        <Button size="sm" colorPalette="blue" onClick={() => setAdding(true)} onPointerEnter={preloadAddTask} onPointerDown={preloadAddTask} onFocus={preloadAddTask} data-testid="task-add">
          <Plus size={16} /> {t('tasksUi.list.add')}
        </Button>
      </Flex>
      <Box bg="bg.panel" borderWidth="1px" borderRadius="lg" flex="1" minH="0" display="flex" flexDirection="column">
        {/* The two lists are tabs of one panel (the filters and rows, which stay mounted when the
            tab changes): each tab controls that panel (axe: a tab's aria-controls must exist). */}
        <Tabs.Root value={filters.role} onValueChange={(e) => set({ role: e.value as TaskRole })} variant="line" size="sm">
          <Tabs.List px="2">
            <Tabs.Trigger value="ASSIGNED_TO_ME" aria-controls={panelId} data-testid="tab-to-me">
              {t('tasksUi.list.toMe')}
            </Tabs.Trigger>
            <Tabs.Trigger value="ASSIGNED_BY_ME" aria-controls={panelId} data-testid="tab-by-me">
              {t('tasksUi.list.byMe')}
            </Tabs.Trigger>
          </Tabs.List>
        </Tabs.Root>
        <Flex id={panelId} role="tabpanel" aria-label={t(filters.role === 'ASSIGNED_TO_ME' ? 'tasksUi.list.toMe' : 'tasksUi.list.byMe')} direction="column" flex="1" minH="0">
          <Flex gap="2" p="2" wrap="wrap" borderBottomWidth="1px" data-testid="task-filters">
            <CodeSelect
              codes={STATES}
              prefix="tasksUi.state"
              value={filters.state}
              onChange={(state) => set({ state })}
              all={t('tasksUi.list.allStates')}
              label={t('tasksUi.field.state')}
              size="sm"
              width={compact ? '32' : '36'}
              testId="filter-state"
            />
            <CodeSelect
              codes={PRIORITIES}
              prefix="tasksUi.priority"
              value={filters.priority}
              onChange={(priority) => set({ priority })}
              all={t('tasksUi.list.allPriorities')}
              label={t('tasksUi.field.priority')}
              size="sm"
              width={compact ? '32' : '36'}
              testId="filter-priority"
            />
            <Box w={compact ? '40' : '56'}>
              <ProjectAutocomplete value={filters.project} onChange={(project) => set({ project })} testId="filter-project" placeholder={t('tasksUi.list.allProjects')} label={t('tasksUi.field.project')} />
            </Box>
            <SearchBox value={filters.search} onSearch={(search) => set({ search })} label={t('tasksUi.list.search')} pending={pending} testId="filter-search" />
          </Flex>
          <Box
            flex="1"
            minH="0"
            maxH={embedded ? '70vh' : undefined}
            overflowY="auto"
            opacity={pending ? 0.6 : 1}
            pointerEvents={pending ? 'none' : undefined}
            inert={pending || undefined}
            tabIndex={0}
            aria-label={t('tasksUi.list.title')}
            aria-busy={pending}
            data-stale={pending || undefined}
          >
            <QueryBoundary onRetry={retry}>
              <Results queryRef={queryRef} compact={compact} onOpen={setOpenId} onConnection={setConnectionId} />
            </QueryBoundary>
          </Box>
        </Flex>
      </Box>
      {adding && (
        <DialogErrorBoundary onClose={() => setAdding(false)}>
          <AddTaskDialog onClose={() => setAdding(false)} connectionFor={(task) => (connectionId && newTaskFits(filters, task) ? [connectionId] : [])} />
        </DialogErrorBoundary>
      )}
      {openId && <TaskDetailDialog id={openId} onClose={() => setOpenId(null)} />}
    </Stack>
  );
}

/** The `mission/task-list` screen of the menu (the same list, full width). */
export default function TaskListScreen() {
  return <TaskList />;
}
