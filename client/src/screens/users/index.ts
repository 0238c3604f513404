/**
 * The users area's public face: what other screen areas use (the person picker, used by the
 * department screen for a department's head). Another area imports this file only, never a file
 * inside the area (npm run lint:boundaries).
 */
export { PersonSelect } from './shared/PersonSelect.tsx';
