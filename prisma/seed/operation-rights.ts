import type { PrismaClient } from '../../server/generated/prisma/client.ts';

/**
 * An operation right a module's seed adds to the right tree: a hidden node without a route
 * path whose key is the policy's permission name (the module's `<m>.policy.ts`), in the group
 * node `under`, granted to the demo roles `roles` and to `admin` (administrators hold every
 * permission by code; the row makes role administration show it).
 */
export type OperationRight = { key: string; title: string; titleEn: string; under: string; sort: number; roles: readonly string[] };

/**
 * Adds a module's operation rights to the right tree, in the order given (their ids follow the
 * order the module seeds run in), with their grants. Answers rights and role grants written.
 */
export async function seedOperationRights(db: PrismaClient, defs: readonly OperationRight[]): Promise<{ rights: number; roleRights: number }> {
  const groups = await db.right.findMany({ where: { key: { in: [...new Set(defs.map((d) => d.under))] } }, select: { id: true, key: true } });
  const groupId = new Map(groups.map((g) => [g.key, g.id]));
  const roles = await db.role.findMany({ select: { id: true, code: true } });
  const roleId = new Map(roles.map((r) => [r.code, r.id]));
  let rights = 0;
  let roleRights = 0;
  for (const def of defs) {
    const row = await db.right.upsert({
      where: { key: def.key },
      update: {},
      create: { key: def.key, title: def.title, titleEn: def.titleEn, hidden: true, parentId: groupId.get(def.under) ?? null, showType: 1, sort: def.sort },
      select: { id: true },
    });
    rights++;
    const data = [...new Set(['admin', ...def.roles])]
      .map((code) => roleId.get(code))
      .filter((id): id is number => id !== undefined)
      .map((id) => ({ roleId: id, rightId: row.id }));
    roleRights += (await db.roleRight.createMany({ data, skipDuplicates: true })).count;
  }
  return { rights, roleRights };
}
