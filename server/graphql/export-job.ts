import { translate, type MessageKey } from '../i18n/catalogue.ts';
import { exportDownloadPath } from '../jobs/exports.ts';
import { builder } from './builder.ts';

export const ExportJobStateEnum = builder.enumType('ExportJobState', {
  description: 'Where an export is: waiting for a worker, being written, ready to download, or failed.',
  values: {
    QUEUED: { value: 'queued', description: 'Waiting for a worker process.' },
    RUNNING: { value: 'running', description: 'The workbook is being written.' },
    DONE: { value: 'done', description: 'Ready: download it from `downloadUrl`.' },
    FAILED: { value: 'failed', description: 'It failed: `message` says so; start another.' },
  } as const,
});

/**
 * A workbook export written by the job queue (docs/jobs.md). Only the person who asked for it
 * can read it (as a node too) and download its file.
 */
export const ExportJobNode = builder.prismaNode('ExportJob', {
  nullable: true,
  id: { field: 'id' },
  description: 'A workbook export written in the background; only the person who asked for it sees it. Poll it with `node(id:)` until `state` is DONE.',
  authScopes: (job, ctx) => !!ctx.actor && job.requesterId === ctx.actor.id,
  fields: (t) => ({
    kind: t.exposeString('kind', { description: 'What is exported: `archives` or `schools` (a workbook), or `privacy` (everything held about one person, a zip).' }),
    state: t.field({ type: ExportJobStateEnum, description: 'Where the export is.', resolve: (j) => j.state as 'queued' | 'running' | 'done' | 'failed' }),
    total: t.exposeInt('total', { description: 'Rows the workbook holds when done.' }),
    written: t.exposeInt('written', { description: 'Rows written so far.' }),
    progress: t.float({ description: 'Share written so far, 0 to 1.', resolve: (j) => (j.state === 'done' ? 1 : j.total > 0 ? j.written / j.total : 0) }),
    fileName: t.exposeString('fileName', { description: 'The name the file downloads under.' }),
    downloadUrl: t.string({
      description: 'Where to download the file when `state` is DONE (a GET with the token in the Authorization header, as every download); null before.',
      nullable: true,
      resolve: (j) => (j.state === 'done' ? exportDownloadPath(j) : null),
    }),
    message: t.string({
      description: "Why it failed, in the caller's language; null unless FAILED.",
      nullable: true,
      resolve: (j, _a, ctx) => (j.state === 'failed' ? translate(ctx.lang, (j.errorKey ?? 'export.failed') as MessageKey) : null),
    }),
    createdAt: t.expose('createdAt', { description: 'When it was asked for.', type: 'DateTime' }),
    finishedAt: t.expose('finishedAt', { description: 'When it ended; null while it runs.', type: 'DateTime', nullable: true }),
  }),
});
