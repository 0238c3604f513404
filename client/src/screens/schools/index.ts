import { lazy } from 'react';

/**
 * The schools area's public face: what other screen areas use (the school codes, the
 * selection-list dialog). Another area imports this file only, never a file inside the area
 * (npm run lint:boundaries).
 */
export { gradeName, PLATFORMS, SCHOOL_GRADES, schoolName } from './shared/codes.ts';

/** The selection lists of one student, loaded when first shown (the archive detail opens it). */
export const SelectionListsDialog = lazy(() => import('./SelectionLists/SelectionLists.tsx'));
