/**
 * The operation log in people's words (issue 32 item 8): the target named after its record
 * (唐明轩的档案, 李明哲), refusals translated, and the audit trail's changes shown with their
 * labels and, for an archive's fields, masked exactly as the archive screens mask.
 */
import type { ServiceContext } from '../../context.ts';
import { coreErrors } from '../../errors.ts';
import { translate, type Lang, type MessageKey } from '../../i18n/catalogue.ts';
import { fieldLabel } from '../../i18n/operations.ts';
import { messageKeysOfCode } from '../../module.ts';
import { shownArchiveValues } from '../archives/index.ts';

/** A person's or record's name in the viewer's language: the English (or pinyin) name when present. */
export function nameIn(lang: Lang, zh: string | null | undefined, en: string | null | undefined): string {
  return (lang === 'en' ? en?.trim() || zh : zh?.trim() || en) ?? '';
}

type LogRow = { targetType: string | null; targetIds: string[]; errorCode: string | null };

const ids = (row: LogRow) => row.targetIds.map(Number).filter((n) => Number.isInteger(n) && n > 0);

/** The names of a log row's targets (at most three named, "…" for more); null when there are none. */
export async function targetLabel(ctx: ServiceContext, row: LogRow): Promise<string | null> {
  if (!row.targetType || !row.targetIds.length) return null;
  const lang = ctx.lang;
  const wanted = ids(row).slice(0, 3);
  const names = wanted.length ? await namesOf(ctx, row.targetType, wanted) : [];
  const more = row.targetIds.length > 3 ? '…' : '';
  if (names.length) return names.join(lang === 'en' ? ', ' : '、') + more;
  const type = translate(lang, `opLog.type.${row.targetType}` as MessageKey);
  const typeText = type.startsWith('opLog.type.') ? row.targetType : type;
  return `${typeText} ${row.targetIds.slice(0, 3).join(', ')}${more}`;
}

async function namesOf(ctx: ServiceContext, type: string, wanted: number[]): Promise<string[]> {
  const lang = ctx.lang;
  const db = ctx.db;
  const where = { id: { in: wanted } };
  const archiveOf = (n: string) => translate(lang, 'opLog.target.archive', { name: n });
  switch (type) {
    case 'Archive':
      return (await db.archive.findMany({ where, select: { name: true, userName: true } })).map((a) => archiveOf(nameIn(lang, a.name, a.userName)));
    case 'User':
      return (await db.user.findMany({ where, select: { name: true, nameEn: true } })).map((u) => nameIn(lang, u.name, u.nameEn));
    case 'Role':
    case 'Department':
    case 'Project':
      return (
        await (db[type === 'Role' ? 'role' : type === 'Department' ? 'department' : 'project'] as unknown as { findMany: (a: unknown) => Promise<Array<{ name: string; nameEn: string | null }>> }).findMany({
          where,
          select: { name: true, nameEn: true },
        })
      ).map((r) => nameIn(lang, r.name, r.nameEn));
    case 'WorkTask':
      return (await db.workTask.findMany({ where, select: { title: true } })).map((t) => t.title);
    case 'WorkEvent':
      return (await db.workEvent.findMany({ where, select: { title: true } })).map((e) => e.title);
    case 'Course':
      return (await db.course.findMany({ where, select: { name: true } })).map((c) => c.name);
    case 'School':
      return (await db.school.findMany({ where, select: { name: true, chineseName: true } })).map((s) => nameIn(lang, s.chineseName, s.name));
    case 'Application':
      return (await db.application.findMany({ where, select: { student: { select: { name: true, nameEn: true } }, school: { select: { name: true, chineseName: true } } } })).map(
        (a) => `${nameIn(lang, a.student.name, a.student.nameEn)} · ${nameIn(lang, a.school.chineseName, a.school.name)}`,
      );
    case 'Enrollment':
      return (await db.enrollment.findMany({ where, select: { student: { select: { name: true, nameEn: true } }, course: { select: { name: true } } } })).map(
        (e) => `${nameIn(lang, e.student.name, e.student.nameEn)} · ${e.course.name}`,
      );
    case 'Attendance':
      return (await db.attendance.findMany({ where, select: { enrollment: { select: { student: { select: { name: true, nameEn: true } } } }, lesson: { select: { event: { select: { title: true } } } } } })).map(
        (a) => `${nameIn(lang, a.enrollment.student.name, a.enrollment.student.nameEn)} · ${a.lesson.event.title}`,
      );
    default:
      return [];
  }
}

/** A refusal in words: the code's own text in the catalogue, else the message its module lists for it. */
export function refusalWords(lang: Lang, code: string | null): string | null {
  if (!code) return null;
  const own = translate(lang, `opLog.error.${code}` as MessageKey);
  if (!own.startsWith('opLog.error.')) return own;
  const keys = [...(coreErrors.list.rule[code as keyof typeof coreErrors.list.rule] ?? []), ...messageKeysOfCode(code)];
  for (const key of keys) {
    const text = translate(lang, key);
    if (text !== key && !/\{[a-zA-Z]+\}/.test(text)) return text;
  }
  return translate(lang, 'opLog.error.other');
}

export type StoredChange = {
  entity: string;
  entityId: string | null;
  archiveId: number | null;
  module: string | null;
  field: string;
  labelKey: string | null;
  mask: string | null;
  before: string | null;
  after: string | null;
};

export type ShownChange = { entity: string; entityId: string | null; field: string; label: string; before: string | null; after: string | null; masked: boolean };

/** A stored value in the viewer's words: a right's title in their language, else as stored. */
function valueIn(lang: Lang, v: string | null): string | null {
  if (v === null || !v.startsWith('{"zh"')) return v;
  try {
    const o = JSON.parse(v) as { zh?: string; en?: string };
    return (lang === 'en' ? o.en : o.zh) ?? v;
  } catch {
    return v;
  }
}

/** Changes as the caller may see them: labels in their language, an archive's values masked as its screens mask. */
export async function shownChanges(ctx: ServiceContext, changes: StoredChange[]): Promise<ShownChange[]> {
  const values = await shownArchiveValues(ctx, changes);
  return changes.map((c, i) => {
    const v = values[i] ?? { before: c.before, after: c.after, masked: false };
    return { entity: c.entity, entityId: c.entityId, field: c.field, label: fieldLabel(ctx.lang, c.labelKey, c.field), before: valueIn(ctx.lang, v.before), after: valueIn(ctx.lang, v.after), masked: v.masked };
  });
}
