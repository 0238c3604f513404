/**
 * The departments area's public face: what other screen areas use (the department tree's
 * fragment, names and picker, shown by the staff screens). Another area imports this file only,
 * never a file inside the area (npm run lint:boundaries).
 */
export { DeptSelect, deptName, flattenDepts, type Dept } from './shared/departments.tsx';
