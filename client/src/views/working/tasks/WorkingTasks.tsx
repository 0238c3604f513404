import { Box } from '@chakra-ui/react';
import { TaskList } from './TaskList.tsx';

/**
 * The task column of My Calendar (/working): the viewer's tasks next to the calendar, with the
 * add-task and task-detail dialogs. The working view renders it with one line.
 */
export function WorkingTasks() {
  return (
    <Box w={{ base: 'full', xl: '420px' }} flexShrink={0} h={{ xl: 'calc(100vh - 170px)' }} minH="480px" data-testid="working-tasks">
      <TaskList compact />
    </Box>
  );
}

export default WorkingTasks;
