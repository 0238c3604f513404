/**
 * The working area's public face: what other screen areas use of its screens (the task dialogs
 * the standalone task pages show). Another area imports this file only, never a file inside the
 * area (npm run lint:boundaries).
 */
export { AddTaskDialog } from './Tasks/AddTaskDialog.tsx';
export { AdditionDialog } from './Tasks/AdditionDialog.tsx';
export { Detail } from './Tasks/TaskDetailDialog.tsx';
export { AsPage } from './Tasks/TaskShell.tsx';
