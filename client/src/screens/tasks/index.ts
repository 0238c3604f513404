/**
 * The tasks area's public face: what other screen areas use (the viewer's task list, shown
 * under My Calendar on /working). Another area imports this file only, never a file inside the
 * area (npm run lint:boundaries).
 */
export { WorkingTasks } from './Tasks/WorkingTasks.tsx';
