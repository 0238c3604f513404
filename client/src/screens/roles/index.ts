/**
 * The roles area's public face: what other screen areas use (moving an item in an ordered list,
 * as the right tree's sort does; the staff sort dialog uses it). Another area imports this file
 * only, never a file inside the area (npm run lint:boundaries).
 */
export { moved } from './RolePermission/rightTree.ts';
