/**
 * The courses area's public face: what other screen areas use (a student's class times, shown
 * on the account page). Another area imports this file only (npm run lint:boundaries).
 */
export { MyClassTimes } from './MyClassTimes/MyClassTimes.tsx';
