/**
 * Workbook exports off the request path (docs/jobs.md). A request checks the rights, resolves
 * the ids of the rows its caller sees, in the list's order, and queues an `ExportJob` (its row
 * and its graphile-worker job in one write). The job, in whichever server process takes it,
 * reads the rows in batches and streams the workbook into the file store, recording its
 * progress on the row; the person who asked downloads the file. The old synchronous doors
 * (legacy `archive/export`, GraphQL `archiveExport`) queue the same job and wait for it
 * (`waitForExport`), polling the row without holding the event loop.
 */
import { randomBytes } from 'node:crypto';
import { setImmediate as yieldToEvents, setTimeout as sleep } from 'node:timers/promises';
import type { AppDeps, ServiceContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import type { ExportJob } from '../generated/prisma/client.ts';
import { DomainError, NotFoundError } from '../errors.ts';
import type { Lang } from '../i18n/catalogue.ts';
import { logger } from '../logger.ts';
import { fileStore } from '../lib/files.ts';
import { downloadResponse } from '../lib/upload.ts';
import { sheetWriter, XLSX_MIME, type SheetColumn } from '../lib/xlsx.ts';
import { requireActor } from '../policy.ts';
import { runWrite } from '../write.ts';
import { addJob, defineJob } from './queue.ts';

/** What an area's workbook export writes: the sheet's name and columns, and its rows for a batch of ids. */
type SheetExport = {
  sheetName: (lang: Lang) => string;
  columns: (lang: Lang) => ReadonlyArray<SheetColumn>;
  /** The rows of these ids, in the order of `ids` (ids gone since the request are skipped). */
  rows: (db: Db, ids: readonly number[], lang: Lang, timeZone: string) => Promise<ReadonlyArray<Record<string, unknown>>>;
};

/**
 * An export that is one file of its own making (the personal-data zip of a privacy request):
 * `write` yields the file's bytes and reports its steps (`progress(written, total)`).
 */
type FileExport = {
  extension: string;
  mime: string;
  write: (deps: AppDeps, job: ExportJob, progress: (written: number, total: number) => Promise<void>) => AsyncIterable<Uint8Array>;
};

export type ExportSpec = SheetExport | FileExport;

/** Rows read and written per step; between steps the event loop serves requests. */
export const EXPORT_BATCH = 500;
/** How long a synchronous door waits for its export before answering `export.stillRunning`. */
export const EXPORT_WAIT_MS = 120_000;
/** An export's file is kept this long, then removed when its requester starts another. */
const EXPORT_KEEP_MS = 24 * 3600_000;
const JOB = 'export';

const specs = new Map<string, ExportSpec>();

/** Registers an area's export (`kind`: archives, schools). */
export function defineExport(kind: string, spec: ExportSpec): void {
  specs.set(kind, spec);
}

/** Queues an export of these rows for the caller (who alone may download it). */
export async function queueExport(ctx: ServiceContext, kind: string, input: { rowIds: number[]; fileName: string; operation: string; target?: { type: string; ids: number[] } }): Promise<ExportJob> {
  const actor = requireActor(ctx);
  const job = await runWrite(ctx, { operation: input.operation, targetType: input.target?.type ?? 'ExportJob' }, async (tx) => {
    const created = await tx.exportJob.create({
      data: { kind, requesterId: actor.id, total: input.rowIds.length, rowIds: input.rowIds, lang: ctx.lang, timeZone: actor.timeZone || 'Asia/Shanghai', fileName: input.fileName },
    });
    await addJob(tx, JOB, { id: created.id });
    return { result: created, targetIds: input.target?.ids ?? [created.id] };
  });
  void removeOldExports({ db: ctx.db, config: ctx.config }, actor.id).catch((err: unknown) => logger.warn('old exports not removed', { error: (err as Error).message }));
  return job;
}

async function removeOldExports(deps: AppDeps, requesterId: number): Promise<void> {
  const old = await deps.db.exportJob.findMany({ where: { requesterId, createdAt: { lt: new Date(Date.now() - EXPORT_KEEP_MS) } }, select: { id: true, fileKey: true } });
  for (const o of old) if (o.fileKey) await fileStore(deps).remove(o.fileKey);
  if (old.length) await deps.db.exportJob.deleteMany({ where: { id: { in: old.map((o) => o.id) } } });
}

/** Writes the job's workbook into the file store, batch by batch, recording progress. */
async function writeExport(deps: AppDeps, job: ExportJob, spec: ExportSpec): Promise<{ key: string; size: number }> {
  if ('write' in spec) {
    const key = `exports/${new Date().toISOString().slice(0, 7).replace('-', '')}/${randomBytes(16).toString('hex')}.${spec.extension}`;
    const progress = async (written: number, total: number) => {
      await deps.db.exportJob.update({ where: { id: job.id }, data: { written, total } });
    };
    const { size } = await fileStore(deps).put(key, spec.write(deps, job, progress));
    return { key, size };
  }
  const lang: Lang = job.lang === 'en' ? 'en' : 'zh';
  const sheet = await sheetWriter(spec.sheetName(lang), spec.columns(lang));
  const key = `exports/${new Date().toISOString().slice(0, 7).replace('-', '')}/${randomBytes(16).toString('hex')}.xlsx`;
  const stored = fileStore(deps).put(key, sheet.output);
  // The store stops reading on a failure: the writer must not wait on it then.
  stored.catch(() => {});
  for (let at = 0; at < job.rowIds.length; at += EXPORT_BATCH) {
    const ids = job.rowIds.slice(at, at + EXPORT_BATCH);
    sheet.add(await spec.rows(deps.db, ids, lang, job.timeZone));
    await deps.db.exportJob.update({ where: { id: job.id }, data: { written: at + ids.length } });
    await yieldToEvents();
  }
  await sheet.finish();
  const { size } = await stored;
  return { key, size };
}

/** The job: takes its row from `queued` to `done` (or `failed`, with a message the requester reads). */
async function runExport(payload: unknown, deps: AppDeps): Promise<void> {
  const id = Number((payload as { id?: unknown } | null)?.id);
  // Only a queued row is taken: a job run twice (a retry after a crash) finds it taken.
  const claimed = await deps.db.exportJob.updateMany({ where: { id, state: 'queued' }, data: { state: 'running' } });
  if (claimed.count !== 1) return;
  const job = await deps.db.exportJob.findUniqueOrThrow({ where: { id } });
  const spec = specs.get(job.kind);
  try {
    if (!spec) throw new Error(`unknown export ${job.kind}`);
    const { key, size } = await writeExport(deps, job, spec);
    // The ids stay: an erase (a privacy request) removes every export that held its person.
    const { total } = await deps.db.exportJob.findUniqueOrThrow({ where: { id }, select: { total: true } });
    await deps.db.exportJob.update({ where: { id }, data: { state: 'done', written: total, fileKey: key, size, finishedAt: new Date() } });
  } catch (err) {
    logger.error('export failed', { exportJob: id, kind: job.kind, error: err instanceof Error ? err.message : String(err) });
    await deps.db.exportJob.update({ where: { id }, data: { state: 'failed', errorKey: 'export.failed', finishedAt: new Date() } });
  }
}

defineJob(JOB, runExport);

/**
 * Waits for an export to end, reading its row after 50 ms, then less and less often up to every
 * quarter second (a timer, not a busy loop). The finished row, or null when it is still queued
 * or running after `limitMs`.
 */
export async function waitForExport(db: Db, id: number, limitMs = EXPORT_WAIT_MS): Promise<ExportJob | null> {
  const until = Date.now() + limitMs;
  for (let pause = 50; ; pause = Math.min(250, pause * 2)) {
    const job = await db.exportJob.findUnique({ where: { id } });
    if (!job) return null;
    if (job.state === 'done' || job.state === 'failed') return job;
    if (Date.now() >= until) return null;
    await sleep(pause);
  }
}

/** The synchronous doors: queue, wait, then answer the finished job (or a translated refusal). */
export async function exportNow(ctx: ServiceContext, job: ExportJob): Promise<ExportJob & { fileKey: string }> {
  const done = await waitForExport(ctx.db, job.id);
  if (!done) throw new DomainError('EXPORT_RUNNING', 'export.stillRunning');
  if (done.state !== 'done' || !done.fileKey) throw new DomainError('EXPORT_FAILED', 'export.failed');
  return done as ExportJob & { fileKey: string };
}

/** The bytes of a finished export (GraphQL's base64 answer of the old field). */
export async function exportBytes(ctx: ServiceContext, job: ExportJob & { fileKey: string }): Promise<Buffer> {
  const found = await fileStore(ctx).get(job.fileKey);
  if (!found) throw new DomainError('NOT_FOUND', 'export.gone');
  const parts: Uint8Array[] = [];
  for await (const part of found.body) parts.push(part);
  return Buffer.concat(parts);
}

/** An export its requester may read; anyone else gets "not found" (no hint that it exists). */
export async function ownExport(ctx: ServiceContext, id: number): Promise<ExportJob> {
  const job = Number.isSafeInteger(id) && ctx.actor ? await ctx.db.exportJob.findFirst({ where: { id, requesterId: ctx.actor.id } }) : null;
  if (!job) throw new NotFoundError();
  return job;
}

/** The download of a finished export, for its requester only. */
export async function exportDownload(ctx: ServiceContext, id: number): Promise<Response> {
  const job = await ownExport(ctx, id);
  if (job.state !== 'done' || !job.fileKey) throw new DomainError('EXPORT_RUNNING', job.state === 'failed' ? 'export.failed' : 'export.stillRunning');
  const spec = specs.get(job.kind);
  const res = await downloadResponse(ctx, job.fileKey, { fileName: job.fileName, mime: spec && 'write' in spec ? spec.mime : XLSX_MIME });
  if (!res) throw new DomainError('NOT_FOUND', 'export.gone');
  return res;
}

/** The path the client downloads a finished export from (legacy door, token in the header). */
export function exportDownloadPath(job: Pick<ExportJob, 'id'>): string {
  return `/api/admin/export/download.htm?id=${job.id}`;
}
