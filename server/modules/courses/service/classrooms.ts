/** Classrooms: list, save, state, delete; and the check a lesson's classroom must pass. */
import type { ServiceContext } from '../../../context.ts';
import type { Tx } from '../../../db/client.ts';
import { NotFoundError, ValidationError } from '../../../errors.ts';
import type { Prisma } from '../../../generated/prisma/client.ts';
import { searchText } from '../../../lib/text.ts';
import { dbId, inputOf, parseInput, z, type Parsed } from '../../../lib/validate.ts';
import { authorize } from '../../../policy.ts';
import { runWrite } from '../../../write.ts';
import { CLASSROOM_STATES } from './rules.ts';
import { coursesErrors } from '../courses.errors.ts';

const stateValue = z.coerce
  .number()
  .int()
  .refine((n) => n === CLASSROOM_STATES.IN_USE || n === CLASSROOM_STATES.DISABLED);

export const classroomSchema = z.object({
  id: dbId().optional(),
  no: z.string().trim().max(50).nullish(),
  name: z.string().trim().min(1).max(100).optional(),
  state: stateValue.optional(),
  address: z.string().trim().max(500).optional(),
  capacity: z.coerce.number().int().min(1).max(100_000).nullable().optional(),
});

export type ClassroomFilter = { search?: string | null; state?: number | null };

export function classroomsWhere(f: ClassroomFilter = {}): Prisma.ClassroomWhereInput {
  const and: Prisma.ClassroomWhereInput[] = [];
  const s = searchText(f.search);
  if (s) and.push({ OR: [{ name: { contains: s, mode: 'insensitive' } }, { no: { contains: s, mode: 'insensitive' } }, { address: { contains: s, mode: 'insensitive' } }] });
  if (f.state) and.push({ state: f.state });
  return { AND: and };
}

export const CLASSROOM_ORDER: Prisma.ClassroomOrderByWithRelationInput[] = [{ no: 'asc' }, { id: 'asc' }];

/** Every staff member reads classrooms (they pick them for lessons and see where lessons are). */
export async function listClassroomsPage(ctx: ServiceContext, filter: ClassroomFilter, page: { currentPage: number; pageSize: number }) {
  authorize(ctx, 'directory.read');
  const where = classroomsWhere(filter);
  const [rows, total] = await Promise.all([ctx.db.classroom.findMany({ where, orderBy: CLASSROOM_ORDER, skip: (page.currentPage - 1) * page.pageSize, take: page.pageSize }), ctx.db.classroom.count({ where })]);
  return { rows, total };
}

/** All classrooms (at most 500), in use first unless a state is asked for. */
export async function listAllClassrooms(ctx: ServiceContext, filter: ClassroomFilter) {
  authorize(ctx, 'directory.read');
  return ctx.db.classroom.findMany({ where: classroomsWhere(filter), orderBy: [{ state: 'asc' }, ...CLASSROOM_ORDER], take: 500 });
}

/** A classroom to read or delete. */
export const classroomIdInput = z.object({ id: dbId() });

export async function getClassroom(ctx: ServiceContext, parsed: Parsed<z.output<typeof classroomIdInput>>) {
  authorize(ctx, 'directory.read');
  const { id } = inputOf(parsed);
  const row = await ctx.db.classroom.findUnique({ where: { id } });
  if (!row) throw new NotFoundError();
  return row;
}

/** A classroom lessons may use: it exists, is in use, and seats the students (when it has a capacity). */
export async function checkClassroom(tx: Tx, id: number, students: number) {
  const room = await tx.classroom.findUnique({ where: { id } });
  if (!room) throw new ValidationError('course.classroomUnknown', undefined, 'UNKNOWN_CLASSROOM');
  if (room.state !== CLASSROOM_STATES.IN_USE) throw coursesErrors.rule('CLASSROOM_DISABLED', 'course.classroomDisabled', { name: room.name });
  if (room.capacity !== null && students > room.capacity) throw coursesErrors.rule('CLASSROOM_TOO_SMALL', 'course.classroomTooSmall', { name: room.name, capacity: room.capacity, count: students });
  return room;
}

function requireName(raw: unknown, creating: boolean) {
  const name = (raw as { name?: unknown } | null)?.name;
  if ((creating && (name === undefined || name === null)) || (typeof name === 'string' && !name.trim())) throw new ValidationError('classroom.nameRequired', undefined, 'NAME_REQUIRED');
}

/** Creates (no id) or edits a classroom (`classroom.manage`); the number defaults to R + the id. */
export async function saveClassroom(ctx: ServiceContext, raw: unknown): Promise<{ id: number; created: boolean }> {
  return runWrite<{ id: number; created: boolean }>(ctx, { operation: 'classroom.save', targetType: 'Classroom' }, async (tx) => {
    authorize(ctx, 'classroom.manage');
    const creating = !(raw as { id?: unknown } | null)?.id;
    requireName(raw, creating);
    const input = parseInput(classroomSchema, raw);
    if (input.no) {
      const other = await tx.classroom.findUnique({ where: { no: input.no }, select: { id: true } });
      if (other && other.id !== input.id) throw new ValidationError('classroom.noTaken', { no: input.no }, 'CLASSROOM_NO_TAKEN');
    }
    const data = {
      ...(input.no ? { no: input.no } : {}),
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.state !== undefined ? { state: input.state } : {}),
      ...(input.address !== undefined ? { address: input.address } : {}),
      ...(input.capacity !== undefined ? { capacity: input.capacity } : {}),
    };
    if (input.id) {
      const found = await tx.classroom.count({ where: { id: input.id } });
      if (!found) throw new NotFoundError();
      await tx.classroom.update({ where: { id: input.id }, data });
      return { result: { id: input.id, created: false }, targetIds: [input.id] };
    }
    const row = await tx.classroom.create({ data: { ...data, name: input.name!, no: input.no || `tmp-${Date.now()}-${Math.random()}` }, select: { id: true } });
    if (!input.no) {
      // R001 from the id, unless someone gave that number to another room (found by the fuzzer: a unique-key failure).
      const base = `R${String(row.id).padStart(3, '0')}`;
      let no = base;
      for (let n = 2; await tx.classroom.count({ where: { no } }); n++) no = `${base}-${n}`;
      await tx.classroom.update({ where: { id: row.id }, data: { no } });
    }
    return { result: { id: row.id, created: true }, targetIds: [row.id] };
  });
}

/** Puts a classroom in use or disables it (a disabled one takes no new lessons; lessons already there stay). */
export async function setClassroomState(ctx: ServiceContext, raw: unknown): Promise<{ id: number }> {
  return runWrite(ctx, { operation: 'classroom.updateState', targetType: 'Classroom' }, async (tx) => {
    authorize(ctx, 'classroom.manage');
    const body = (raw ?? {}) as Record<string, unknown>;
    if (body.state === undefined || body.state === null || body.state === '') throw new ValidationError('classroom.stateInvalid', undefined, 'STATE_INVALID');
    const input = parseInput(z.object({ id: dbId(), state: stateValue }), raw);
    const { count } = await tx.classroom.updateMany({ where: { id: input.id }, data: { state: input.state } });
    if (!count) throw new NotFoundError();
    return { result: { id: input.id }, targetIds: [input.id] };
  });
}

/** Deletes a classroom; refused by name while any event or lesson (past or future) uses it. */
export async function deleteClassroom(ctx: ServiceContext, parsed: Parsed<z.output<typeof classroomIdInput>>): Promise<{ id: number }> {
  return runWrite(ctx, { operation: 'classroom.delete', targetType: 'Classroom' }, async (tx) => {
    authorize(ctx, 'classroom.manage');
    const { id } = inputOf(parsed);
    const room = await tx.classroom.findUnique({ where: { id }, select: { id: true, name: true } });
    if (!room) throw new NotFoundError();
    const used = await tx.workEvent.count({ where: { placeId: id } });
    if (used) throw coursesErrors.rule('CLASSROOM_HELD', 'classroom.deleteHeld', { name: room.name, count: used });
    await tx.classroom.delete({ where: { id } });
    return { result: { id }, targetIds: [id] };
  });
}
