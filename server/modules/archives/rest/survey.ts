import { atDoor } from '../../../lib/validate.ts';
import { type RestRoute } from '../../../rest/adapter.ts';
import { saveSectionInput, saveSingleSection } from '../service/sections.ts';

import { A, archiveIdParam, archiveOf, oneArchive, sectionRows } from './common.ts';

/** Legacy paths `studentSurvey`. */
export const surveyRoutes: RestRoute[] = [
  {
    path: `${A}/studentSurvey/save`,
    methods: ['POST'],
    handler: async (ctx, req) => ({
      data: await saveSingleSection(ctx, 'survey', atDoor(saveSectionInput, { ...req.params, archiveId: archiveIdParam({ archivesId: req.params.archivesId, archiveId: req.params.archiveId }) })),
    }),
  },
  {
    path: `${A}/studentSurvey/getStudentSurveyByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: (await sectionRows(ctx, await archiveOf(ctx, req.params), 'survey'))?.[0] ?? null }),
  },
  {
    path: `${A}/studentSurvey/getStudentSurveyVoByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      const archive = await archiveOf(ctx, req.params);
      const survey = (await sectionRows(ctx, archive, 'survey'))?.[0] ?? null;
      const row = await oneArchive(ctx, archive.id);
      return { data: { ...(survey ?? {}), archivesId: archive.id, archivesName: row.name, userName: row.userName, grade: row.grade, year: row.year, consultantName: row.consultant?.name ?? null } };
    },
  },
];
