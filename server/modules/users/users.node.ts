import { builder } from '../../graphql/builder.ts';
import { requireActor } from '../../policy.ts';
import { canSeePersonalData, isUserVisible } from './users.policy.ts';
import { usersWhere } from './users.service.ts';

export const UserTypeEnum = builder.enumType('UserType', {
  description: 'Kind of person. Legacy values: 1 staff, 2 parent, 3 student.',
  values: { STAFF: { value: 1 }, PARENT: { value: 2 }, STUDENT: { value: 3 } } as const,
});

export const UserStateEnum = builder.enumType('UserState', {
  description: 'Staff state. Legacy values: 1 full-time, 2 part-time, 3 deactivated.',
  values: { FULL_TIME: { value: 1 }, PART_TIME: { value: 2 }, DEACTIVATED: { value: 3 } } as const,
});

export const GenderEnum = builder.enumType('Gender', {
  description: 'Legacy values: 0 unknown, 1 male, 2 female.',
  values: { UNKNOWN: { value: 0 }, MALE: { value: 1 }, FEMALE: { value: 2 } } as const,
});

export const LanguageEnum = builder.enumType('Language', {
  description: 'Language preference. Legacy values: 1 English, anything else Chinese (stored as 0).',
  values: { ZH: { value: 0 }, EN: { value: 1 } } as const,
});

const ONLINE_MS = 5 * 60_000;

export const UserNode = builder.prismaNode('User', {
  nullable: true,
  id: { field: 'id' },
  description: 'A person: staff, parent or student.',
  // The same visibility rule as lists, so node(id:) cannot reach a hidden person.
  authScopes: (user, ctx) => !!ctx.actor && isUserVisible(ctx.actor, user),
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    type: t.field({ type: UserTypeEnum, resolve: (u) => u.type as 1 | 2 | 3 }),
    account: t.exposeString('account', { nullable: true }),
    name: t.exposeString('name'),
    nameEn: t.exposeString('nameEn', { nullable: true }),
    code: t.exposeString('code', { nullable: true, description: 'Staff number.' }),
    gender: t.field({ type: GenderEnum, resolve: (u) => (u.gender === 1 || u.gender === 2 ? u.gender : 0) }),
    email: t.string({
      nullable: true,
      description: 'Personal data: null unless the caller may see it.',
      resolve: (u, _a, ctx) => (canSeePersonalData(requireActor(ctx), u) ? u.email : null),
    }),
    mobile: t.string({
      nullable: true,
      description: 'Personal data: null unless the caller may see it.',
      resolve: (u, _a, ctx) => (canSeePersonalData(requireActor(ctx), u) ? u.mobile : null),
    }),
    birthday: t.field({
      type: 'Date',
      nullable: true,
      description: 'Personal data: null unless the caller may see it.',
      resolve: (u, _a, ctx) => (canSeePersonalData(requireActor(ctx), u) ? u.birthday : null),
    }),
    timeZone: t.exposeString('timeZone', { description: 'IANA time zone name.' }),
    language: t.field({ type: LanguageEnum, resolve: (u) => (u.language === 1 ? 1 : 0) }),
    state: t.field({ type: UserStateEnum, resolve: (u) => (u.state === 2 || u.state === 3 ? u.state : 1) }),
    sendMail: t.exposeBoolean('sendMail'),
    isMatch: t.exposeBoolean('isMatch'),
    isOnline: t.boolean({
      description: 'Active in the last 5 minutes.',
      resolve: (u) => !!u.lastActiveAt && Date.now() - u.lastActiveAt.getTime() < ONLINE_MS,
    }),
    department: t.relation('department', { nullable: true }),
    parent: t.relation('parent', { nullable: true }),
    consultant: t.relation('consultant', { nullable: true }),
    lecturer: t.relation('lecturer', { nullable: true }),
    roles: t.field({
      type: [RoleNode],
      select: { roles: { select: { role: true } } },
      resolve: (u) => u.roles.map((r) => r.role),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

export const RoleNode = builder.prismaNode('Role', {
  nullable: true,
  id: { field: 'id' },
  description: 'A role authorised to users; its rights decide menus and operations.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    nameEn: t.exposeString('nameEn', { nullable: true }),
    code: t.exposeString('code'),
    types: t.field({ type: [UserTypeEnum], resolve: (r) => r.types.filter((x): x is 1 | 2 | 3 => x === 1 || x === 2 || x === 3) }),
    description: t.exposeString('description', { nullable: true }),
    terminals: t.exposeStringList('terminals'),
  }),
});

export const DepartmentNode = builder.prismaNode('Department', {
  nullable: true,
  id: { field: 'id' },
  description: 'A department; departments form a tree.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    nameEn: t.exposeString('nameEn', { nullable: true }),
    sort: t.exposeInt('sort'),
    parent: t.relation('parent', { nullable: true }),
    children: t.relation('children', { query: { orderBy: [{ sort: 'asc' }, { id: 'asc' }] } }),
    manager: t.relation('manager', { nullable: true }),
  }),
});

const UserFilter = builder.inputType('UserFilter', {
  fields: (t) => ({
    type: t.field({ type: UserTypeEnum }),
    state: t.field({ type: UserStateEnum }),
    departmentId: t.int(),
    search: t.string({ description: 'Matches name, English name, account or staff number.' }),
  }),
});

builder.queryFields((t) => ({
  users: t.prismaConnection({
    type: 'User',
    cursor: 'id',
    description: 'People the caller may see, by id.',
    authScopes: { staff: true },
    args: { filter: t.arg({ type: UserFilter }) },
    resolve: (query, _root, args, ctx) => ctx.db.user.findMany({ ...query, where: usersWhere(ctx, args.filter ?? {}) }),
  }),
  departments: t.prismaConnection({
    type: 'Department',
    cursor: 'id',
    description: 'Departments, ordered by sort; `rootsOnly` gives the top of the tree.',
    authScopes: { staff: true },
    args: { rootsOnly: t.arg.boolean(), parentId: t.arg.int() },
    resolve: (query, _root, args, ctx) =>
      ctx.db.department.findMany({
        ...query,
        where: args.rootsOnly ? { parentId: null } : args.parentId ? { parentId: args.parentId } : {},
        orderBy: [{ sort: 'asc' }, { id: 'asc' }],
      }),
  }),
  roles: t.prismaConnection({
    type: 'Role',
    cursor: 'id',
    authScopes: { staff: true },
    resolve: (query, _root, _args, ctx) => ctx.db.role.findMany({ ...query, orderBy: [{ sort: 'asc' }, { id: 'asc' }] }),
  }),
}));
