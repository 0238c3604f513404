import type { ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { dbId, parseInput, z } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { parseRow } from '../archives.fields.ts';
import { FAMILY_KIND, sectionOf } from '../../../../shared/archive-sections.ts';
import { applyLinks, linksForCreate, parseOverview, createArchiveIn } from './overview.ts';
import { archiveFromInput, assertModuleEdit, findVisibleArchive, updateArchiveAudited, type ArchiveFacts } from './access.ts';
import { rowsOf, saveRowsIn, saveSingleIn } from './sections.ts';
import { splitChineseName } from './names.ts';
import { archivesErrors } from '../archives.errors.ts';

/**
 * Writes that touch several sections at once, each in one transaction: the full archive form
 * (overview, bio, education list), the light archive's quick entry (overview, bio, primary
 * parent) and the family form (family record and members). Each part is checked exactly as
 * its own save would be (module edit right, locked archive, rules).
 */

const BIO_KEYS = sectionOf('bio').fields.map((f) => f.name);
const LINK_KEYS = ['consultantId', 'actingConsultantId', 'salesId', 'projectId', 'parentId'] as const;
const OVERVIEW_KEYS = ['grade', 'year', 'sale', 'remark'] as const;

const has = (o: Record<string, unknown>, keys: readonly string[]) => keys.some((k) => o[k] !== undefined);

function pickDefined(o: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}

/** Ids in legacy bodies: `id`, `archivesId` or `archiveId`. */
export function archiveIdOf(body: Record<string, unknown>): unknown {
  return body.archivesId ?? body.archiveId ?? body.id;
}

const optionalId = z.union([dbId(), z.literal('').transform(() => null), z.null()]).optional();
const linkSchema = z.object({ consultantId: optionalId, actingConsultantId: optionalId, salesId: optionalId, projectId: optionalId, parentId: optionalId });

async function overviewIn(ctx: ServiceContext, tx: Tx, archive: ArchiveFacts, body: Record<string, unknown>): Promise<void> {
  if (has(body, OVERVIEW_KEYS)) {
    await assertModuleEdit(ctx, archive, 'profile');
    await updateArchiveAudited(tx, archive.id, parseOverview(body));
  }
  if (has(body, LINK_KEYS)) {
    const links = parseInput(linkSchema, pickDefined(body, LINK_KEYS));
    const wanted = {
      ...(links.consultantId !== undefined ? { consultantId: links.consultantId } : {}),
      ...(links.actingConsultantId !== undefined ? { actingConsultantId: links.actingConsultantId } : {}),
      ...(links.salesId !== undefined || links.projectId !== undefined ? { salesId: links.salesId ?? links.projectId ?? null } : {}),
      ...(links.parentId !== undefined ? { parentId: links.parentId } : {}),
    } as Record<string, number | null>;
    const changed = Object.entries(wanted).filter(([k, v]) => (archive as Record<string, unknown>)[k] !== v);
    if (changed.length) {
      // Only links that change need the assign right (forms send the links back unchanged).
      authorize(ctx, 'archive.assign');
      await applyLinks(tx, archive, Object.fromEntries(changed));
    }
  }
}

function bioOf(body: Record<string, unknown>): Record<string, unknown> {
  const nested = [body.bio, body.student, body.archivesStudent].find((v) => v && typeof v === 'object' && !Array.isArray(v)) as Record<string, unknown> | undefined;
  return nested ?? pickDefined(body, BIO_KEYS);
}

/**
 * The full archive form (legacy archive/save): without an id it creates the archive (right
 * `archive.create`) with its bio; with one it updates the overview, links (right
 * `archive.assign` when they change) and bio. An education list (`eduList`, `educations`) is
 * saved with it.
 */
export async function saveFullArchive(ctx: ServiceContext, raw: unknown): Promise<{ id: number; created: boolean }> {
  return runWrite(ctx, { operation: 'archive.save', targetType: 'Archive' }, async (tx) => {
    const actor = authorize(ctx, 'archive.read');
    const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const idRaw = archiveIdOf(body);
    const eduRaw = body.eduList ?? body.educations;
    let archive: ArchiveFacts;
    let created = false;
    if (idRaw === undefined || idRaw === null || idRaw === '') {
      authorize(ctx, 'archive.create');
      const overview = parseOverview(body);
      const result = await createArchiveIn(ctx, tx, actor.id, actor.roleCodes, {
        studentId: parseInput(z.object({ s: optionalId }), { s: body.studentId ?? body.userId }).s ?? null,
        ...linksForCreate(parseInput(linkSchema, pickDefined(body, LINK_KEYS))),
        grade: (overview.grade as number | null | undefined) ?? null,
        year: (overview.year as number | null | undefined) ?? null,
        sale: (overview.sale as number | undefined) ?? 1,
        remark: (overview.remark as string | null | undefined) ?? null,
        bio: parseRow(sectionOf('bio'), bioOf(body)),
      });
      archive = await findVisibleArchive(ctx, tx, result.id);
      created = true;
    } else {
      archive = await archiveFromInput(ctx, tx, { id: idRaw });
      if (archive.locked) throw archivesErrors.rule('ARCHIVE_LOCKED', 'archive.locked');
      await overviewIn(ctx, tx, archive, body);
      const bio = bioOf(body);
      if (has(bio, BIO_KEYS)) await saveSingleIn(ctx, tx, archive, 'bio', bio);
    }
    if (eduRaw !== undefined && eduRaw !== null) await saveRowsIn(ctx, tx, archive, 'educations', rowsOf({ rows: eduRaw }));
    return { result: { id: archive.id, created }, targetIds: [archive.id] };
  });
}

const LIGHT_PARENT_KEYS = ['parentName', 'relation', 'parentPhone', 'parentEmail'] as const;

/**
 * The light archive's quick entry (legacy py/archives/save): the same store as the full
 * archive. Names (surname and given name, or pinyin; a full Chinese name in `name` alone is
 * split), sex, birthday, contact, grade, apply year, consultant, and the primary parent
 * (relation required when any parent field is given).
 */
export async function saveLightArchive(ctx: ServiceContext, raw: unknown): Promise<{ id: number; created: boolean }> {
  return runWrite(ctx, { operation: 'archive.light.save', targetType: 'Archive' }, async (tx) => {
    const actor = authorize(ctx, 'archive.read');
    const body = { ...((raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>) };
    if (body.surName === undefined && typeof body.name === 'string') {
      const split = splitChineseName(body.name);
      if (split) Object.assign(body, split);
    }
    const bioRaw = pickDefined(body, ['surName', 'name', 'surNamePy', 'namePy', 'enName', 'sex', 'birthday', 'email', 'phone']);
    const idRaw = archiveIdOf(body);
    let archive: ArchiveFacts;
    let created = false;
    if (idRaw === undefined || idRaw === null || idRaw === '') {
      authorize(ctx, 'archive.create');
      const overview = parseOverview(body);
      const result = await createArchiveIn(ctx, tx, actor.id, actor.roleCodes, {
        studentId: null,
        ...linksForCreate(parseInput(linkSchema, pickDefined(body, LINK_KEYS))),
        grade: (overview.grade as number | null | undefined) ?? null,
        year: (overview.year as number | null | undefined) ?? null,
        sale: (overview.sale as number | undefined) ?? 1,
        remark: (overview.remark as string | null | undefined) ?? null,
        bio: parseRow(sectionOf('bio'), bioRaw),
      });
      archive = await findVisibleArchive(ctx, tx, result.id);
      created = true;
    } else {
      archive = await archiveFromInput(ctx, tx, { id: idRaw });
      if (archive.locked) throw archivesErrors.rule('ARCHIVE_LOCKED', 'archive.locked');
      await overviewIn(ctx, tx, archive, body);
      if (Object.keys(bioRaw).length) await saveSingleIn(ctx, tx, archive, 'bio', bioRaw);
    }
    if (has(body, LIGHT_PARENT_KEYS)) {
      const primary = await tx.archiveFamilyMember.findFirst({ where: { archiveId: archive.id, kind: FAMILY_KIND.PRIMARY_PARENT }, select: { id: true } });
      const row: Record<string, unknown> = { ...(primary ? { id: primary.id } : { kind: FAMILY_KIND.PRIMARY_PARENT }) };
      if (body.parentName !== undefined) row.name = body.parentName;
      if (body.relation !== undefined) row.relation = body.relation;
      if (body.parentPhone !== undefined) row.phone = body.parentPhone;
      if (body.parentEmail !== undefined) row.email = body.parentEmail;
      await saveRowsIn(ctx, tx, archive, 'familyMembers', [row]);
    }
    return { result: { id: archive.id, created }, targetIds: [archive.id] };
  });
}

/**
 * The family form (legacy fs/family/saveFamily): the family record (`family` object or flat
 * fields) and the members (`list`, `details`, `familyDetails`), one transaction.
 */
export async function saveFamilyBundle(ctx: ServiceContext, raw: unknown): Promise<{ archiveId: number; familyId: number | null; memberIds: number[] }> {
  return runWrite(ctx, { operation: 'archive.family.save', targetType: 'Archive' }, async (tx) => {
    authorize(ctx, 'archive.read');
    const body = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    const archive = await archiveFromInput(ctx, tx, { id: body.archivesId ?? body.archiveId });
    const familyFields = sectionOf('family').fields.map((f) => f.name);
    const family = (body.family && typeof body.family === 'object' ? body.family : pickDefined(body, familyFields)) as Record<string, unknown>;
    let familyId: number | null = null;
    if (has(family, familyFields)) familyId = await saveSingleIn(ctx, tx, archive, 'family', family);
    const members = body.list ?? body.details ?? body.familyDetails ?? body.members;
    const memberIds = members !== undefined && members !== null ? await saveRowsIn(ctx, tx, archive, 'familyMembers', rowsOf({ rows: members })) : [];
    if (familyId === null && !memberIds.length) await assertModuleEdit(ctx, archive, 'family');
    return { result: { archiveId: archive.id, familyId, memberIds }, targetIds: [archive.id] };
  });
}
