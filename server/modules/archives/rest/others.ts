import type { ServiceContext } from '../../../context.ts';
import { authorizeWrite } from '../../../write.ts';
import { atDoor } from '../../../lib/validate.ts';
import { type RestRoute } from '../../../rest/adapter.ts';
import { SECTION_BY_KEY } from '../../../../shared/archive-sections.ts';
import { canReadModule } from '../service/access.ts';
import { deleteSectionRow, deleteSectionRowInput, readSection, saveSectionInput, saveSectionRows } from '../service/sections.ts';

import { first } from '../../../rest/params.ts';
import { A, archiveIdParam, archiveOf, deleted, listOf, sectionRows } from './common.ts';
import { archivesErrors } from '../archives.errors.ts';

/** Legacy paths `fs/others: the other archive parts`. */
/** Sections fs/others/saveList may save (`type` names the section). */
export const OTHER_SECTIONS = [
  'educations',
  'rewardProjects',
  'vericant',
  'toeflJunior',
  'toefl',
  'ssat',
  'variousExams',
  'applicationAccounts',
  'cards',
  'recommenders',
  'relatives',
  'essays',
  'others',
  'writings',
  'applyInformation',
  'multimedia',
  'awards',
  'familyMembers',
];
const OTHERS_READ = ['others', 'applicationAccounts', 'cards', 'recommenders', 'relatives', 'essays', 'writings', 'vericant', 'toeflJunior', 'toefl', 'ssat'];

/** The section a request names; one that is not a section is refused after the sections' rights check (archive.read), as the service would. */
async function otherSectionOf(ctx: ServiceContext, v: unknown, action: 'save' | 'delete'): Promise<string> {
  const key = typeof v === 'string' ? v : 'others';
  if (!OTHER_SECTIONS.includes(key) || !SECTION_BY_KEY.has(key)) {
    await authorizeWrite(ctx, { operation: `archive.others.${action}`, targetType: 'Archive' }, 'archive.read');
    throw archivesErrors.rule('INVALID_INPUT', 'validation.invalid', { field: 'type' });
  }
  return key;
}

export const othersRoutes: RestRoute[] = [
  {
    path: `${A}/fs/others/saveOthers`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = req.params;
      const { archivesId, archiveId, ...row } = p;
      return { data: await saveSectionRows(ctx, 'others', atDoor(saveSectionInput, { archiveId: first(archivesId, archiveId), rows: [row] })) };
    },
  },
  {
    path: `${A}/fs/others/saveList`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const key = await otherSectionOf(ctx, first(req.params.type, req.params.section), 'save');
      return { data: await saveSectionRows(ctx, key, atDoor(saveSectionInput, { archiveId: archiveIdParam(req.params), rows: listOf(req.params) })) };
    },
  },
  {
    path: `${A}/fs/others/deleteById`,
    methods: ['POST'],
    handler: async (ctx, req) => ({
      data: await deleteSectionRow(ctx, await otherSectionOf(ctx, first(req.params.type, req.params.section), 'delete'), atDoor(deleteSectionRowInput, { id: req.params.id })),
      message: deleted(ctx),
    }),
  },
  {
    path: `${A}/fs/others/getOthersByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      const archive = await archiveOf(ctx, req.params);
      const out: Record<string, unknown> = {};
      for (const key of OTHERS_READ) out[key] = await sectionRows(ctx, archive, key, true);
      return { data: out };
    },
  },
  {
    path: `${A}/fs/others/getProgressByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      const archive = await archiveOf(ctx, req.params);
      const essays = await sectionRows(ctx, archive, 'essays', true);
      // How far the archive is filled: per section the caller may read, whether it has data.
      const sections: Array<{ section: string; module: string; filled: boolean }> = [];
      for (const s of SECTION_BY_KEY.values()) {
        if (!(await canReadModule(ctx, archive, s.module))) continue;
        const rows = await readSection(ctx, archive, s.key);
        sections.push({ section: s.key, module: s.module, filled: rows.length > 0 });
      }
      const filled = sections.filter((s) => s.filled).length;
      return { data: { essays, sections, percent: sections.length ? Math.round((filled / sections.length) * 100) : 0 } };
    },
  },
];
