/**
 * The system area's public face: what other screen areas use (the 401/404 page, shown embedded
 * when a detail is missing or forbidden). Another area imports this file only
 * (npm run lint:boundaries).
 */
export { ErrorPage } from './ErrorPage/ErrorPage.tsx';
