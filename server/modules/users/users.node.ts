import { resolveOffsetConnection } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.ts';
import { requireActor } from '../../policy.ts';
import { LanguageEnum } from '../auth/index.ts';
import { isOnline, pageOnlineFirst } from './users.people.ts';
import { checkAccount, checkMobile } from './service/staff.ts';
import { canSeePersonalData, isUserVisible, visibleUsersWhere } from './users.policy.ts';
import { USER_SCOPES, usersWhere } from './service/people.ts';

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
      resolve: (u) => isOnline(u.lastActiveAt),
    }),
    department: t.relation('department', { nullable: true }),
    sort: t.exposeInt('sort', { description: 'Position in the custom staff order.' }),
    parent: t.relation('parent', { nullable: true }),
    consultant: t.relation('consultant', { nullable: true }),
    lecturer: t.relation('lecturer', { nullable: true }),
    children: t.relation('children', {
      description: "A parent's children the caller may see.",
      query: (_a, ctx) => ({ where: visibleUsersWhere(requireActor(ctx)), orderBy: { id: 'asc' } }),
    }),
    consultedStudents: t.relation('consultedStudents', {
      description: 'Students this consultant advises (those the caller may see).',
      query: (_a, ctx) => ({ where: visibleUsersWhere(requireActor(ctx)), orderBy: { id: 'asc' } }),
    }),
    taughtStudents: t.relation('taughtStudents', {
      description: 'Students this lecturer teaches (those the caller may see).',
      query: (_a, ctx) => ({ where: visibleUsersWhere(requireActor(ctx)), orderBy: { id: 'asc' } }),
    }),
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
    localizedName: t.string({ resolve: (r, _a, ctx) => (ctx.lang === 'en' ? (r.nameEn ?? r.name) : r.name) }),
    userCount: t.relationCount('users', { description: 'How many people hold the role.' }),
    rightIds: t.intList({
      description: 'Database ids of the rights the role holds (all display types).',
      select: { rights: { select: { rightId: true } } },
      resolve: (r) => r.rights.map((x) => x.rightId).sort((a, b) => a - b),
    }),
    rightKeys: t.stringList({
      description: 'Keys of the rights the role holds.',
      select: { rights: { select: { right: { select: { key: true } } } } },
      resolve: (r) => r.rights.map((x) => x.right.key).sort(),
    }),
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
    staffCount: t.relationCount('members', { description: 'Staff in this department (any state), sub-departments not counted.', where: { type: 1 } }),
  }),
});

export const UserScopeEnum = builder.enumType('UserScope', {
  description: "The spec's user search scopes.",
  values: {
    ROLE_ACCOUNT: { value: 'roleAccount', description: 'People with an account holding a role (`roleCode`, or any).' },
    STUDENT: { value: 'student' },
    PARENT: { value: 'parent' },
    STAFF: { value: 'staff' },
    CONSULTANT: { value: 'consultant', description: 'Active staff holding the consultant role.' },
    LECTURER: { value: 'lecturer', description: 'Active staff holding the lecturer role.' },
  } as const,
});

const UserFilter = builder.inputType('UserFilter', {
  fields: (t) => ({
    type: t.field({ type: UserTypeEnum }),
    state: t.field({ type: UserStateEnum }),
    activeOnly: t.boolean({ description: 'Leave deactivated people out.' }),
    departmentId: t.int(),
    search: t.string({ description: 'Matches name, English name, account or staff number.' }),
    scope: t.field({ type: UserScopeEnum }),
    roleCode: t.string({ description: 'With scope ROLE_ACCOUNT: the role code.' }),
    relatedTo: t.int({ description: 'Database id of a person: their children, students, or parent/consultant/lecturer.' }),
  }),
});

void USER_SCOPES;

const AvailabilityRef = builder.objectRef<{ available: boolean; valid: boolean }>('Availability').implement({
  description: 'Whether a value (account, mobile) is free and well-formed.',
  fields: (t) => ({ available: t.exposeBoolean('available'), valid: t.exposeBoolean('valid') }),
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
  people: t.connection(
    {
      type: UserNode,
      description: 'People the caller may see, online users first (active in the last 5 minutes), then by custom sort.',
      authScopes: { authenticated: true },
      args: { filter: t.arg({ type: UserFilter }) },
      resolve: async (_root, args, ctx) => {
        const where = usersWhere(ctx, args.filter ?? {});
        let total = 0;
        const conn = await resolveOffsetConnection({ args }, async ({ offset, limit }) => {
          const page = await pageOnlineFirst(ctx.db, where, offset, limit);
          total = page.total;
          return page.rows;
        });
        return { ...conn, totalCount: total };
      },
    },
    {
      fields: (tc) => ({ totalCount: tc.int({ resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
    },
  ),
  accountAvailability: t.field({
    type: AvailabilityRef,
    description: 'Whether an account is free (for someone other than `exceptUserId`). Staff and user editors only.',
    args: { account: t.arg.string({ required: true }), exceptUserId: t.arg.int() },
    resolve: (_r, args, ctx) => checkAccount(ctx, { account: args.account, id: args.exceptUserId }),
  }),
  mobileAvailability: t.field({
    type: AvailabilityRef,
    description: 'Whether a mobile number is free among people of one kind (staff by default).',
    args: { mobile: t.arg.string({ required: true }), type: t.arg({ type: UserTypeEnum }), exceptUserId: t.arg.int() },
    resolve: (_r, args, ctx) => checkMobile(ctx, { mobile: args.mobile, type: args.type, id: args.exceptUserId }),
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
