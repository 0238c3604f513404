import { atDoor } from '../../../lib/validate.ts';
import { type RestRoute } from '../../../rest/adapter.ts';
import { saveFamilyBundle } from '../service/composite.ts';
import { deleteSectionRow, deleteSectionRowInput } from '../service/sections.ts';

import { A, archiveOf, deleted, sectionRows } from './common.ts';

/** Legacy paths `fs/family`. */
export const familyRoutes: RestRoute[] = [
  {
    path: `${A}/fs/family/saveFamily`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await saveFamilyBundle(ctx, req.params) }),
  },
  {
    path: `${A}/fs/family/deleteArchivesFamily`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await deleteSectionRow(ctx, 'family', atDoor(deleteSectionRowInput, { id: req.params.id })), message: deleted(ctx) }),
  },
  {
    path: `${A}/fs/family/deleteArchivesFamilyDetail`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await deleteSectionRow(ctx, 'familyMembers', atDoor(deleteSectionRowInput, { id: req.params.id })), message: deleted(ctx) }),
  },
  {
    path: `${A}/fs/family/getFamilyAndFamilyDetailByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      const archive = await archiveOf(ctx, req.params);
      return { data: { family: (await sectionRows(ctx, archive, 'family'))?.[0] ?? null, details: await sectionRows(ctx, archive, 'familyMembers') } };
    },
  },
];
