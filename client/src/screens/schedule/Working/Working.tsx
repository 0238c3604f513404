import { Stack } from '@chakra-ui/react';
import { MyCalendar } from '../MyCalendar/MyCalendar.tsx';
import { WorkingTasks } from '../../tasks/index.ts';

/** /working (pinned, full width): My Calendar, then the viewer's tasks. */
export function Working() {
  return (
    <Stack gap="4">
      <MyCalendar />
      <WorkingTasks />
    </Stack>
  );
}
