import { Box } from '@chakra-ui/react';
import { TaskList } from './TaskList.tsx';

/**
 * The task part of the working view (/working): the viewer's tasks beside (or below) My
 * Calendar, with the add-task and task-detail dialogs. The working view renders it with one
 * line; it takes the width it is given.
 */
export function WorkingTasks() {
  return (
    <Box w="full" minW="0" data-testid="working-tasks">
      <TaskList embedded />
    </Box>
  );
}
