import type { RestRoute } from '../../rest/adapter.ts';
import { lightArchivesRoutes } from './rest/light-archives.ts';
import { examineRoutes } from './rest/examine.ts';
import { archivePathRoutes } from './rest/archive.ts';
import { familyRoutes } from './rest/family.ts';
import { othersRoutes } from './rest/others.ts';
import { eventRewardsRoutes } from './rest/event-rewards.ts';
import { multimediaRoutes } from './rest/multimedia.ts';
import { surveyRoutes } from './rest/survey.ts';
import { examsRoutes } from './rest/exams.ts';

/**
 * Legacy paths of spec section 7 "Archives and students". Each parses, calls the same
 * service function as GraphQL, and shapes the legacy answer. Archive ids arrive as `id`,
 * `archivesId` or `archiveId`. A few paths the spec does not list are added where a screen
 * needs them (downloads, the import template, verification writes, multimedia uploads and
 * deleting rows of the generic sections); docs/archives.md lists them.
 *
 * One file per legacy resource under rest/ (rest/common.ts holds what they share); this table
 * joins them in the order the paths were always listed.
 */
export const archiveRoutes: RestRoute[] = [...lightArchivesRoutes, ...examineRoutes, ...archivePathRoutes, ...familyRoutes, ...othersRoutes, ...eventRewardsRoutes, ...multimediaRoutes, ...surveyRoutes, ...examsRoutes];
