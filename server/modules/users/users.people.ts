import type { Actor } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { formatDate, formatDateTime } from '../../lib/wall-time.ts';
import { canSeePersonalData } from './users.policy.ts';

/** Online means active (an authenticated request) in the last 5 minutes. */
export const ONLINE_WINDOW_MS = 5 * 60_000;

export function onlineSince(now = Date.now()): Date {
  return new Date(now - ONLINE_WINDOW_MS);
}

export function isOnline(lastActiveAt: Date | null | undefined, now = Date.now()): boolean {
  return !!lastActiveAt && now - lastActiveAt.getTime() < ONLINE_WINDOW_MS;
}

/** The order inside each group (online, then offline): custom sort, then id. */
export const PERSON_ORDER: Prisma.UserOrderByWithRelationInput[] = [{ sort: 'asc' }, { id: 'asc' }];

export const PERSON_INCLUDE = {
  department: { select: { id: true, name: true, nameEn: true } },
  roles: { select: { role: { select: { id: true, code: true, name: true, nameEn: true } } } },
} as const satisfies Prisma.UserInclude;

export type PersonRow = Prisma.UserGetPayload<{ include: typeof PERSON_INCLUDE }>;

const isDefaultOrder = (order: Prisma.UserOrderByWithRelationInput[]) => order === PERSON_ORDER;

/**
 * The ids of one page of people, online users first (active since `onlineSince()`), each group
 * in `order` (custom sort, then id), and how many people `where` matches. One statement when the
 * filter translates to SQL (`userWhereSql`: every filter `usersWhere` builds) and the order is
 * `PERSON_ORDER`; otherwise the two groups are counted and read with Prisma (up to four).
 */
export async function pageIdsOnlineFirst(db: Db | Tx, where: Prisma.UserWhereInput, offset: number, limit: number, order: Prisma.UserOrderByWithRelationInput[] = PERSON_ORDER): Promise<{ ids: number[]; total: number }> {
  const since = onlineSince();
  const cond = isDefaultOrder(order) ? userWhereSql(where) : null;
  if (cond) {
    const [row] = await db.$queryRaw<Array<{ total: number; ids: number[] | null }>>`
      WITH m AS MATERIALIZED (SELECT u.id, u.sort, (u.last_active_at >= ${since}::timestamptz) IS TRUE AS online FROM users u WHERE ${cond})
      SELECT (SELECT count(*)::int FROM m) AS total,
        (SELECT array_agg(p.id ORDER BY p.online DESC, p.sort, p.id) FROM (SELECT id, sort, online FROM m ORDER BY online DESC, sort, id OFFSET ${Math.max(0, offset)} LIMIT ${Math.max(0, limit)}) p) AS ids`;
    return { ids: row?.ids ?? [], total: row?.total ?? 0 };
  }
  const onlineWhere: Prisma.UserWhereInput = { AND: [where, { lastActiveAt: { gte: since } }] };
  const offlineWhere: Prisma.UserWhereInput = { AND: [where, { OR: [{ lastActiveAt: null }, { lastActiveAt: { lt: since } }] }] };
  const [onlineCount, offlineCount] = await Promise.all([db.user.count({ where: onlineWhere }), db.user.count({ where: offlineWhere })]);
  const ids: number[] = [];
  if (offset < onlineCount && limit > 0) {
    ids.push(...(await db.user.findMany({ where: onlineWhere, orderBy: order, skip: offset, take: limit, select: { id: true } })).map((r) => r.id));
  }
  const remaining = limit - ids.length;
  if (remaining > 0) {
    const skip = Math.max(0, offset - onlineCount);
    if (skip < offlineCount) {
      ids.push(...(await db.user.findMany({ where: offlineWhere, orderBy: order, skip, take: remaining, select: { id: true } })).map((r) => r.id));
    }
  }
  return { ids, total: onlineCount + offlineCount };
}

/** Rows read by id, answered in the order of `ids` (a row deleted meanwhile is left out). */
export function inIdOrder<T extends { id: number }>(ids: number[], rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** One page of people, online users first (`pageIdsOnlineFirst`), with department and roles: two statements. */
export async function pageOnlineFirst(
  db: Db | Tx,
  where: Prisma.UserWhereInput,
  offset: number,
  limit: number,
  order: Prisma.UserOrderByWithRelationInput[] = PERSON_ORDER,
): Promise<{ rows: PersonRow[]; total: number }> {
  const { ids, total } = await pageIdsOnlineFirst(db, where, offset, limit, order);
  if (!ids.length) return { rows: [], total };
  const rows = await db.user.findMany({ where: { id: { in: ids } }, include: PERSON_INCLUDE });
  return { rows: inIdOrder(ids, rows), total };
}

/**
 * The SQL of a people filter, for the one statement that pages people online first. Translates
 * the shapes `usersWhere` builds (server/modules/users/service/people.ts) and nothing else: any
 * other shape answers null, and the caller then pages with Prisma as before, so an unknown
 * filter is never guessed at. tests/server/users/people-page.test.ts compares both ways.
 */
type Column = { col: string; nullable: boolean };
const USER_COLUMNS: Record<string, Column> = {
  id: { col: 'id', nullable: false },
  type: { col: 'type', nullable: false },
  account: { col: 'account', nullable: true },
  name: { col: 'name', nullable: false },
  nameEn: { col: 'name_en', nullable: true },
  email: { col: 'email', nullable: true },
  mobile: { col: 'mobile', nullable: true },
  code: { col: 'code', nullable: true },
  gender: { col: 'gender', nullable: false },
  departmentId: { col: 'department_id', nullable: true },
  language: { col: 'language', nullable: false },
  state: { col: 'state', nullable: false },
  parentId: { col: 'parent_id', nullable: true },
  consultantId: { col: 'consultant_id', nullable: true },
  lecturerId: { col: 'lecturer_id', nullable: true },
  sort: { col: 'sort', nullable: false },
};
/** A user's list relations to other users: the foreign key on the other side. */
const USER_LISTS: Record<string, string> = { children: 'parent_id', consultedStudents: 'consultant_id', taughtStudents: 'lecturer_id' };
const ROLE_COLUMNS: Record<string, Column> = { id: { col: 'id', nullable: false }, code: { col: 'code', nullable: false } };

type Scalar = number | string | boolean;
const isScalar = (v: unknown): v is Scalar => typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean';
const isPlain = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date);
const TRUE = Prisma.sql`TRUE`;
const FALSE = Prisma.sql`FALSE`;

/** A condition on one scalar column (Prisma's filter object or a bare value). */
function scalarSql(ref: Prisma.Sql, column: Column, filter: unknown): Prisma.Sql | null {
  if (filter === null) return Prisma.sql`${ref} IS NULL`;
  if (isScalar(filter)) return Prisma.sql`${ref} = ${filter}`;
  if (!isPlain(filter)) return null;
  const parts: Prisma.Sql[] = [];
  const mode = filter.mode;
  if (mode !== undefined && mode !== 'insensitive' && mode !== 'default') return null;
  for (const [op, value] of Object.entries(filter)) {
    if (value === undefined || op === 'mode') continue;
    if (op === 'equals') {
      const s = scalarSql(ref, column, value);
      if (!s || isPlain(value)) return null;
      parts.push(s);
    } else if (op === 'not') {
      if (value === null) parts.push(Prisma.sql`${ref} IS NOT NULL`);
      // `not` of a nullable column also keeps NULLs in Prisma: not translated.
      else if (isScalar(value) && !column.nullable) parts.push(Prisma.sql`${ref} <> ${value}`);
      else return null;
    } else if (op === 'in') {
      if (!Array.isArray(value) || !value.every((v) => typeof v === 'number' && Number.isInteger(v))) return null;
      parts.push(value.length ? Prisma.sql`${ref} = ANY(${value}::int[])` : FALSE);
    } else if (op === 'contains') {
      if (typeof value !== 'string') return null;
      // Prisma sends `%value%` as is (the caller escaped it): the same pattern here.
      parts.push(mode === 'insensitive' ? Prisma.sql`${ref}::text ILIKE ${`%${value}%`}` : Prisma.sql`${ref}::text LIKE ${`%${value}%`}`);
    } else return null;
  }
  return parts.length ? Prisma.join(parts, ' AND ', '(', ')') : TRUE;
}

/** AND and OR of a where object; `field` translates the other keys. */
function logicSql(where: unknown, field: (key: string, value: unknown) => Prisma.Sql | null): Prisma.Sql | null {
  if (!isPlain(where)) return null;
  const parts: Prisma.Sql[] = [];
  for (const [key, value] of Object.entries(where)) {
    if (value === undefined) continue;
    if (key === 'AND') {
      const list = Array.isArray(value) ? value : [value];
      for (const w of list) {
        const s = logicSql(w, field);
        if (!s) return null;
        parts.push(s);
      }
    } else if (key === 'OR') {
      if (!Array.isArray(value)) return null;
      const alts: Prisma.Sql[] = [];
      for (const w of value) {
        const s = logicSql(w, field);
        if (!s) return null;
        alts.push(s);
      }
      parts.push(alts.length ? Prisma.join(alts, ' OR ', '(', ')') : FALSE);
    } else {
      const s = field(key, value);
      if (!s) return null;
      parts.push(s);
    }
  }
  return parts.length ? Prisma.join(parts, ' AND ', '(', ')') : TRUE;
}

function roleWhereSql(alias: string, where: unknown): Prisma.Sql | null {
  return logicSql(where, (key, value) => {
    const column = ROLE_COLUMNS[key];
    return column ? scalarSql(Prisma.raw(`${alias}.${column.col}`), column, value) : null;
  });
}

/** The SQL of a `UserWhereInput` on the users row named `alias`, or null when a shape is not known here. */
export function userWhereSql(where: Prisma.UserWhereInput, alias = 'u', depth = 0): Prisma.Sql | null {
  if (depth > 2) return null;
  return logicSql(where, (key, value) => {
    const column = USER_COLUMNS[key];
    if (column) return scalarSql(Prisma.raw(`${alias}.${column.col}`), column, value);
    if (!isPlain(value) || Object.keys(value).length !== 1 || !isPlain(value.some)) return null;
    const inner = `${alias}${depth + 1}`;
    if (key === 'roles') {
      const some = value.some;
      const keys = Object.keys(some).filter((k) => some[k] !== undefined);
      if (keys.length === 0) return Prisma.sql`EXISTS (SELECT 1 FROM user_roles ${Prisma.raw(inner)} WHERE ${Prisma.raw(`${inner}.user_id = ${alias}.id`)})`;
      if (keys.length !== 1 || keys[0] !== 'role') return null;
      const role = roleWhereSql(`${inner}r`, some.role);
      if (!role) return null;
      return Prisma.sql`EXISTS (SELECT 1 FROM user_roles ${Prisma.raw(inner)} JOIN roles ${Prisma.raw(`${inner}r ON ${inner}r.id = ${inner}.role_id`)} WHERE ${Prisma.raw(`${inner}.user_id = ${alias}.id`)} AND ${role})`;
    }
    const fk = USER_LISTS[key];
    if (!fk) return null;
    const cond = userWhereSql(value.some as Prisma.UserWhereInput, inner, depth + 1);
    if (!cond) return null;
    return Prisma.sql`EXISTS (SELECT 1 FROM users ${Prisma.raw(inner)} WHERE ${Prisma.raw(`${inner}.${fk} = ${alias}.id`)} AND ${cond})`;
  });
}

/** The legacy JSON of a person; personal data of minors only for those allowed to see it. */
export function personJson(actor: Actor, u: PersonRow, lang: 'zh' | 'en') {
  const personal = canSeePersonalData(actor, u);
  const roles = u.roles.map((r) => r.role);
  return {
    id: u.id,
    type: u.type,
    account: u.account,
    name: u.name,
    nameEn: u.nameEn,
    code: u.code,
    sex: u.gender,
    gender: u.gender,
    email: personal ? u.email : null,
    mobile: personal ? u.mobile : null,
    birthday: personal ? formatDate(u.birthday) : null,
    departId: u.departmentId,
    departName: u.department ? (lang === 'en' ? (u.department.nameEn ?? u.department.name) : u.department.name) : null,
    roleIds: roles.map((r) => r.id),
    roles: roles.map((r) => r.code),
    roleNames: roles.map((r) => (lang === 'en' ? (r.nameEn ?? r.name) : r.name)),
    timeZone: u.timeZone,
    language: u.language === 1 ? 1 : 0,
    state: u.state,
    sendMail: u.sendMail,
    isMatch: u.isMatch,
    isOnline: isOnline(u.lastActiveAt),
    parentId: u.parentId,
    consultantId: u.consultantId,
    lecturerId: u.lecturerId,
    sort: u.sort,
    lastActiveTime: formatDateTime(u.lastActiveAt, actor.timeZone),
    createTime: formatDateTime(u.createdAt, actor.timeZone),
  };
}
