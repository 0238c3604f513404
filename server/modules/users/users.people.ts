import type { Actor } from '../../context.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
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

/**
 * One page of people, online users first, each group in `order`. Two groups are read with
 * plain indexed queries instead of an ORDER BY on an expression, so any where clause works.
 */
export async function pageOnlineFirst(
  db: Db | Tx,
  where: Prisma.UserWhereInput,
  offset: number,
  limit: number,
  order: Prisma.UserOrderByWithRelationInput[] = PERSON_ORDER,
): Promise<{ rows: PersonRow[]; total: number }> {
  const since = onlineSince();
  const onlineWhere: Prisma.UserWhereInput = { AND: [where, { lastActiveAt: { gte: since } }] };
  const offlineWhere: Prisma.UserWhereInput = { AND: [where, { OR: [{ lastActiveAt: null }, { lastActiveAt: { lt: since } }] }] };
  const [onlineCount, offlineCount] = await Promise.all([db.user.count({ where: onlineWhere }), db.user.count({ where: offlineWhere })]);
  const rows: PersonRow[] = [];
  if (offset < onlineCount && limit > 0) {
    rows.push(...(await db.user.findMany({ where: onlineWhere, orderBy: order, skip: offset, take: limit, include: PERSON_INCLUDE })));
  }
  const remaining = limit - rows.length;
  if (remaining > 0) {
    const skip = Math.max(0, offset - onlineCount);
    if (skip < offlineCount) {
      rows.push(...(await db.user.findMany({ where: offlineWhere, orderBy: order, skip, take: remaining, include: PERSON_INCLUDE })));
    }
  }
  return { rows, total: onlineCount + offlineCount };
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
