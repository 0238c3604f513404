import { builder } from '../../graphql/builder.ts';
import type { Actor, ServiceContext } from '../../context.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { visibleTasksWhere } from './tasks.policy.ts';
import { ProjectNode } from '../projects/index.ts';

/**
 * The skill-stack view (spec section 2, tool skill: projectName, projectCode, projectManager,
 * addTime, domainInfo). A skill stack is a name the tasks carry; what the view shows of it is
 * where it is used: the live projects of the tasks naming it, each with when the stack was first
 * used there (addTime) and how many tasks. Only tasks the caller may see count
 * (visibleTasksWhere), so nobody learns of a task they cannot open.
 */
type Usage = { projectId: number; addedAt: Date; taskCount: number };

const tasksOf = (actor: Actor | null, skillStackId?: number): Prisma.WorkTaskWhereInput => ({
  AND: [actor ? visibleTasksWhere(actor) : { id: -1 }, skillStackId ? { skillStackId } : { skillStackId: { not: null } }, { project: { deletedAt: null } }],
});

async function usageOf(ctx: ServiceContext, skillStackId: number): Promise<Usage[]> {
  const rows = await ctx.db.workTask.groupBy({
    by: ['projectId'],
    where: tasksOf(ctx.actor, skillStackId),
    _min: { createdAt: true },
    _count: { _all: true },
  });
  return rows.map((r) => ({ projectId: r.projectId, addedAt: r._min.createdAt ?? new Date(0), taskCount: r._count._all })).sort((a, b) => a.addedAt.getTime() - b.addedAt.getTime() || a.projectId - b.projectId);
}

const SkillStackUsage = builder.objectRef<Usage>('SkillStackUsage').implement({
  description: 'One project whose tasks use a skill stack (the skill-stack view).',
  fields: (t) => ({
    project: t.field({
      type: ProjectNode,
      nullable: false,
      description: 'The project (projectName, projectCode, projectManager).',
      resolve: (u, _a, ctx) => ctx.db.project.findUniqueOrThrow({ where: { id: u.projectId } }),
    }),
    addedAt: t.expose('addedAt', { type: 'DateTime', description: 'When the first task of the project using the stack was created (addTime).' }),
    taskCount: t.exposeInt('taskCount', { description: 'How many tasks of the project use the stack (of those the caller may see).' }),
  }),
});

builder.prismaObjectFields('SkillStack', (t) => ({
  taskCount: t.int({
    description: 'How many tasks of live projects use the stack (of those the caller may see).',
    resolve: (s, _a, ctx) => ctx.db.workTask.count({ where: tasksOf(ctx.actor, s.id) }),
  }),
  projects: t.field({
    type: [SkillStackUsage],
    description: 'Live projects whose tasks use the stack, first used first (of the tasks the caller may see).',
    resolve: (s, _a, ctx) => usageOf(ctx, s.id),
  }),
}));

builder.queryFields((t) => ({
  skillStacks: t.prismaField({
    type: ['SkillStack'],
    description: 'Every skill stack, by id (the task form offers them; the skill-stack view lists them). Rights: task.read (staff).',
    authScopes: { permission: 'task.read' },
    resolve: (query, _r, _a, ctx) => ctx.db.skillStack.findMany({ ...query, orderBy: { id: 'asc' } }),
  }),
  skillStack: t.prismaField({
    type: 'SkillStack',
    nullable: true,
    description: 'One skill stack by its database id (skillStackId), or null. Rights: task.read (staff).',
    authScopes: { permission: 'task.read' },
    args: { databaseId: t.arg.int({ required: true, description: 'The skill stack database id.' }) },
    resolve: (query, _r, args, ctx) => ctx.db.skillStack.findUnique({ ...query, where: { id: args.databaseId } }),
  }),
}));
