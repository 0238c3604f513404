import type { ServiceContext } from '../../../context.ts';
import { translate, type MessageKey } from '../../../i18n/catalogue.ts';
import { atDoor } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { type RestRoute } from '../../../rest/adapter.ts';
import { readPage } from '../../../rest/envelope.ts';
import { formatDateTime } from '../../../lib/wall-time.ts';
import {
  createVerification,
  createVerificationInput,
  examinesWhere,
  latestExamineOf,
  latestExamineOfInput,
  reverifyModule,
  reverifyModuleInput,
  unverifiedArchivesWhere,
  verifyModule,
  verifyModuleInput,
  visibleExamine,
  visibleExamineInput,
} from '../service/verification.ts';

import { first, num, withCondition, zoneOf } from '../../../rest/params.ts';
import { A, archiveIdParam, pageOf } from './common.ts';

/** Legacy paths `/archive/examine: verification`. */
function examineJson(
  ctx: ServiceContext,
  e: {
    id: number;
    number: string;
    title: string;
    content: string | null;
    status: number;
    archiveId: number;
    verifierId: number | null;
    verifiedAt: Date | null;
    note: string | null;
    createdAt: Date;
    archive: { name: string };
    verifier: { name: string } | null;
  },
) {
  return {
    id: e.id,
    number: e.number,
    title: e.title,
    content: e.content,
    status: e.status,
    statusName: translate(ctx.lang, `archive.examine.status.${e.status}` as MessageKey),
    archivesId: e.archiveId,
    archivesName: e.archive.name,
    verifierId: e.verifierId,
    verifierName: e.verifier?.name ?? null,
    time: formatDateTime(e.verifiedAt, zoneOf(ctx)),
    note: e.note,
    createTime: formatDateTime(e.createdAt, zoneOf(ctx)),
  };
}

async function examineModules(ctx: ServiceContext, examineId: number) {
  const rows = await ctx.db.archiveExamineModule.findMany({
    where: { examineId },
    orderBy: { id: 'asc' },
    select: { id: true, examineId: true, moduleId: true, status: true, verifierId: true, verifiedAt: true, note: true, module: { select: { code: true, name: true, nameEn: true } }, verifier: { select: { name: true } } },
  });
  return rows.map((m) => ({
    id: m.id,
    archivesExamineId: m.examineId,
    moduleId: m.moduleId,
    moduleCode: m.module.code,
    moduleName: ctx.lang === 'en' ? m.module.nameEn : m.module.name,
    status: m.status,
    statusName: translate(ctx.lang, `archive.examine.status.${m.status}` as MessageKey),
    verifierId: m.verifierId,
    verifierName: m.verifier?.name ?? null,
    time: formatDateTime(m.verifiedAt, zoneOf(ctx)),
    note: m.note,
  }));
}

const EXAMINE_SELECT = {
  id: true,
  number: true,
  title: true,
  content: true,
  status: true,
  archiveId: true,
  verifierId: true,
  verifiedAt: true,
  note: true,
  createdAt: true,
  archive: { select: { name: true } },
  verifier: { select: { name: true } },
} as const;

export const examineRoutes: RestRoute[] = [
  {
    path: `${A}/archive/examine/listArchivesExamineByPage`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      const where = await examinesWhere(ctx, { status: num(c.status), archiveId: num(first(c.archivesId, c.archiveId)) });
      const { currentPage, pageSize } = readPage(req.params);
      const [rows, total] = await Promise.all([
        ctx.db.archiveExamine.findMany({ where, orderBy: { id: 'desc' }, skip: (currentPage - 1) * pageSize, take: Math.min(pageSize, 500), select: EXAMINE_SELECT }),
        ctx.db.archiveExamine.count({ where }),
      ]);
      return { data: { currentPage, pageSize, rows: total, resultList: rows.map((e) => examineJson(ctx, e)) } };
    },
  },
  {
    path: `${A}/archive/examine/record/listArchivesExamineRecordByPage`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      const examine = await visibleExamine(ctx, atDoor(visibleExamineInput, { archivesExamineId: first(c.archivesExamineId, c.examineId, req.params.archivesExamineId) }));
      const { currentPage, pageSize } = readPage(req.params);
      const where = { examineId: examine.id };
      const [rows, total] = await Promise.all([
        ctx.db.archiveExamineRecord.findMany({
          where,
          orderBy: { id: 'desc' },
          skip: (currentPage - 1) * pageSize,
          take: Math.min(pageSize, 500),
          select: {
            id: true,
            examineId: true,
            examineModuleId: true,
            action: true,
            status: true,
            verifierId: true,
            note: true,
            createdAt: true,
            verifier: { select: { name: true } },
            examineModule: { select: { module: { select: { code: true, name: true, nameEn: true } } } },
          },
        }),
        ctx.db.archiveExamineRecord.count({ where }),
      ]);
      return {
        data: {
          currentPage,
          pageSize,
          rows: total,
          resultList: rows.map((r) => ({
            id: r.id,
            archivesExamineId: r.examineId,
            archivesExamineModuleId: r.examineModuleId,
            moduleCode: r.examineModule?.module.code ?? null,
            moduleName: r.examineModule ? (ctx.lang === 'en' ? r.examineModule.module.nameEn : r.examineModule.module.name) : null,
            action: r.action,
            status: r.status,
            statusName: translate(ctx.lang, `archive.examine.status.${r.status}` as MessageKey),
            verifierId: r.verifierId,
            verifierName: r.verifier?.name ?? null,
            note: r.note,
            time: formatDateTime(r.createdAt, zoneOf(ctx)),
          })),
        },
      };
    },
  },
  {
    path: `${A}/archive/examine/listArchivesExamineByNot`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await pageOf(ctx, req.params, await unverifiedArchivesWhere(ctx)) }),
  },
  {
    path: `${A}/archive/examine/module/listArchivesExamineModuleByExamineId`,
    methods: ['GET'],
    handler: async (ctx, req) => ({ data: await examineModules(ctx, (await visibleExamine(ctx, atDoor(visibleExamineInput, { archivesExamineId: first(req.params.archivesExamineId, req.params.id) }))).id) }),
  },
  {
    path: `${A}/archive/examine/module/listArchivesExamineModuleByArchivesId`,
    methods: ['GET'],
    handler: async (ctx, req) => {
      authorize(ctx, 'archive.read');
      const latest = await latestExamineOf(ctx, atDoor(latestExamineOfInput, { id: archiveIdParam(req.params) }));
      return { data: latest ? await examineModules(ctx, latest.id) : [] };
    },
  },
  {
    path: `${A}/archive/examine/save`,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = req.params;
      const r = await createVerification(ctx, atDoor(createVerificationInput, { archiveId: archiveIdParam(p), title: p.title, content: p.content, moduleCodes: p.moduleCodes }));
      return { data: r, message: String(r.id) };
    },
  },
  {
    path: `${A}/archive/examine/module/verify`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await verifyModule(ctx, atDoor(verifyModuleInput, { id: first(req.params.id, req.params.archivesExamineModuleId), note: req.params.note })) }),
  },
  {
    path: `${A}/archive/examine/module/reverify`,
    methods: ['POST'],
    handler: async (ctx, req) => ({ data: await reverifyModule(ctx, atDoor(reverifyModuleInput, { id: first(req.params.id, req.params.archivesExamineModuleId), note: req.params.note })) }),
  },
];
