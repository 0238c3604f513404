import { type RestRoute } from '../../../rest/adapter.ts';

import { A, archiveOf, saveList, sectionRows } from './common.ts';

/** Legacy paths `variousExam, applyInformation`. */
export const examsRoutes: RestRoute[] = [
  { path: `${A}/variousExam/saveList`, methods: ['POST'], handler: saveList('variousExams') },
  {
    path: `${A}/variousExam/getVariousExamByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await sectionRows(ctx, await archiveOf(ctx, req.params), 'variousExams') }),
  },
  { path: `${A}/applyInformation/saveList`, methods: ['POST'], handler: saveList('applyInformation') },
  {
    path: `${A}/applyInformation/getApplyInformationByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await sectionRows(ctx, await archiveOf(ctx, req.params), 'applyInformation') }),
  },
];
