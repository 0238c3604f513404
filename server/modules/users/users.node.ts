import { queryFromInfo } from '@pothos/plugin-prisma';
import { resolveOffsetConnection } from '@pothos/plugin-relay';
import { builder } from '../../graphql/builder.ts';
import { requireActor } from '../../policy.ts';
import { LanguageEnum } from '../auth/index.ts';
import { inIdOrder, isOnline, pageIdsOnlineFirst } from './users.people.ts';
import { checkAccount, checkAccountInput, checkMobile, checkMobileInput } from './service/staff.ts';
import { atDoor } from '../../lib/validate.ts';
import { actsOnPerson } from './users.fields.ts';
import { translate } from '../../i18n/catalogue.ts';
import { canSeePersonalData, isUserVisible, visibleUsersWhere } from './users.policy.ts';
import { USER_SCOPES, usersWhere } from './service/people.ts';

export const UserTypeEnum = builder.enumType('UserType', {
  description: 'Kind of person. Legacy values: 1 staff, 2 parent, 3 student.',
  values: { STAFF: { value: 1, description: '1: a staff member.' }, PARENT: { value: 2, description: '2: a parent.' }, STUDENT: { value: 3, description: '3: a student.' } } as const,
});

export const UserStateEnum = builder.enumType('UserState', {
  description: 'Staff state. Legacy values: 1 full-time, 2 part-time, 3 deactivated.',
  values: {
    FULL_TIME: { value: 1, description: '1: full-time (for parents and students: active).' },
    PART_TIME: { value: 2, description: '2: part-time.' },
    DEACTIVATED: { value: 3, description: '3: deactivated: cannot sign in; their sessions were ended.' },
  } as const,
});

export const GenderEnum = builder.enumType('Gender', {
  description: 'Legacy values: 0 unknown, 1 male, 2 female.',
  values: { UNKNOWN: { value: 0, description: '0: not given.' }, MALE: { value: 1, description: '1: male.' }, FEMALE: { value: 2, description: '2: female.' } } as const,
});

export const UserNode = builder.prismaNode('User', {
  nullable: true,
  id: { field: 'id' },
  description:
    'A person: staff, parent or student. Seen by administrators and managers (everyone), consultants, lecturers and sales (everyone), other staff (colleagues), parents and students (themselves); personal data of parents and students only with the personal-data right.',
  // The same visibility rule as lists, so node(id:) cannot reach a hidden person.
  authScopes: (user, ctx) => !!ctx.actor && isUserVisible(ctx.actor, user),
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the person (userId on the legacy door).' }),
    type: t.field({ description: 'Staff, parent or student.', type: UserTypeEnum, resolve: (u) => u.type as 1 | 2 | 3 }),
    account: t.exposeString('account', { description: 'The login account; null for a person who cannot sign in.', nullable: true }),
    name: t.exposeString('name', { description: 'The name (Chinese, or as written).' }),
    nameEn: t.exposeString('nameEn', { description: 'The English name.', nullable: true }),
    code: t.exposeString('code', { nullable: true, description: 'Staff number.' }),
    gender: t.field({ description: 'Gender.', type: GenderEnum, resolve: (u) => (u.gender === 1 || u.gender === 2 ? u.gender : 0) }),
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
    language: t.field({ description: 'The language the person reads the back office in.', type: LanguageEnum, resolve: (u) => (u.language === 1 ? 1 : 0) }),
    state: t.field({
      description: 'Staff: full-time, part-time or deactivated. Parents and students: FULL_TIME means active, DEACTIVATED deactivated.',
      type: UserStateEnum,
      resolve: (u) => (u.state === 2 || u.state === 3 ? u.state : 1),
    }),
    sendMail: t.exposeBoolean('sendMail', { description: 'Generated passwords are mailed to the person instead of being shown.' }),
    isMatch: t.exposeBoolean('isMatch', { description: 'The legacy match flag of the user-manage list (set with setUserMatch); kept for the old clients, no rule of the server reads it.' }),
    isOnline: t.boolean({
      description: 'Active in the last 5 minutes.',
      resolve: (u) => isOnline(u.lastActiveAt),
    }),
    department: t.relation('department', { description: "The staff member's department.", nullable: true }),
    sort: t.exposeInt('sort', { description: 'Position in the custom staff order.' }),
    parent: t.relation('parent', { description: "A student's parent.", nullable: true }),
    consultant: t.relation('consultant', { description: "A student's consultant.", nullable: true }),
    lecturer: t.relation('lecturer', { description: "A student's lecturer.", nullable: true }),
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
    roles: t.field({ description: 'The roles the person holds.', type: [RoleNode], select: { roles: { select: { role: true } } }, resolve: (u) => u.roles.map((r) => r.role) }),
    createdAt: t.expose('createdAt', { description: 'When the person was added (instant).', type: 'DateTime' }),
    // What the caller may do to the person, by the rules the writes check (actsOnPerson).
    viewerCanEdit: t.boolean({
      description: 'The caller may edit the person (saveStaff / the legacy saveUser): the right for their kind, and never an administrator unless the caller is one.',
      select: { roles: { select: { role: { select: { code: true } } } } },
      resolve: (u, _a, ctx) => actsOnPerson(requireActor(ctx), u).edit,
    }),
    viewerCanChangeState: t.boolean({
      description: 'The caller may activate or deactivate the person (activateStaff / deactivateStaff / updateState): as viewerCanEdit with the state right; nobody deactivates themself.',
      select: { roles: { select: { role: { select: { code: true } } } } },
      resolve: (u, _a, ctx) => actsOnPerson(requireActor(ctx), u).changeState,
    }),
    viewerCanResetPassword: t.boolean({
      description: 'The caller may give the person a generated password (resetPassword): as viewerCanEdit, and the person has an account.',
      select: { roles: { select: { role: { select: { code: true } } } } },
      resolve: (u, _a, ctx) => actsOnPerson(requireActor(ctx), u).resetPassword,
    }),
    viewerRestriction: t.string({
      nullable: true,
      description: "Why acts the caller's rights allow are refused on this person (in the caller's language), or null.",
      select: { roles: { select: { role: { select: { code: true } } } } },
      resolve: (u, _a, ctx) => {
        const key = actsOnPerson(requireActor(ctx), u).restriction;
        return key ? translate(ctx.lang, key) : null;
      },
    }),
  }),
});

export const RoleNode = builder.prismaNode('Role', {
  nullable: true,
  id: { field: 'id' },
  description: 'A role authorised to users; its rights decide menus and operations.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the role.' }),
    name: t.exposeString('name', { description: 'The Chinese name.' }),
    nameEn: t.exposeString('nameEn', { description: 'The English name.', nullable: true }),
    code: t.exposeString('code', { description: 'Stable code (admin, manager, consultant, lecturer, sales, partner, parent, student, or one added).' }),
    types: t.field({ description: 'The kinds of people the role can be given to.', type: [UserTypeEnum], resolve: (r) => r.types.filter((x): x is 1 | 2 | 3 => x === 1 || x === 2 || x === 3) }),
    description: t.exposeString('description', { description: 'What the role is for (Chinese).', nullable: true }),
    descriptionEn: t.exposeString('descriptionEn', { description: 'What the role is for, in English.', nullable: true }),
    localizedDescription: t.string({
      description: "What the role is for, in the caller's language (the other language's text when that is all there is).",
      nullable: true,
      resolve: (r, _a, ctx) => (ctx.lang === 'en' ? r.descriptionEn || r.description : r.description || r.descriptionEn) ?? null,
    }),
    terminals: t.exposeStringList('terminals', { description: 'Where the role may be used: PC, MOBILE (a legacy setting; not enforced).' }),
    localizedName: t.string({ description: "The name in the caller's language.", resolve: (r, _a, ctx) => (ctx.lang === 'en' ? (r.nameEn ?? r.name) : r.name) }),
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
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the department.' }),
    name: t.exposeString('name', { description: 'The Chinese name.' }),
    nameEn: t.exposeString('nameEn', { description: 'The English name.', nullable: true }),
    sort: t.exposeInt('sort', { description: 'Position among its siblings (smaller first).' }),
    parent: t.relation('parent', { description: 'The parent department; null at the top.', nullable: true }),
    children: t.relation('children', { description: 'The sub-departments, in order.', query: { orderBy: [{ sort: 'asc' }, { id: 'asc' }] } }),
    manager: t.relation('manager', { description: 'The department head.', nullable: true }),
    staffCount: t.relationCount('members', { description: 'Staff in this department (any state), sub-departments not counted.', where: { type: 1 } }),
  }),
});

export const UserScopeEnum = builder.enumType('UserScope', {
  description: "The spec's user search scopes.",
  values: {
    ROLE_ACCOUNT: { value: 'roleAccount', description: 'People with an account holding a role (`roleCode`, or any).' },
    STUDENT: { value: 'student', description: 'Students.' },
    PARENT: { value: 'parent', description: 'Parents.' },
    STAFF: { value: 'staff', description: 'Staff members.' },
    CONSULTANT: { value: 'consultant', description: 'Active staff holding the consultant role.' },
    LECTURER: { value: 'lecturer', description: 'Active staff holding the lecturer role.' },
  } as const,
});

const UserFilter = builder.inputType('UserFilter', {
  description: 'Narrows `users` and `people`; every given condition must hold.',
  fields: (t) => ({
    type: t.field({ description: 'Only people of this kind.', type: UserTypeEnum }),
    state: t.field({ description: 'Only people in this state.', type: UserStateEnum }),
    activeOnly: t.boolean({ description: 'Leave deactivated people out.' }),
    departmentId: t.int({ description: 'Database id of a department: only its staff.' }),
    search: t.string({ description: 'Matches name, English name, account or staff number.' }),
    scope: t.field({ description: 'One of the legacy search scopes.', type: UserScopeEnum }),
    roleCode: t.string({ description: 'With scope ROLE_ACCOUNT: the role code.' }),
    relatedTo: t.int({ description: 'Database id of a person: their children, students, or parent/consultant/lecturer.' }),
    consultantId: t.int({ description: 'Database id of a staff member: only the students they consult.' }),
    lecturerId: t.int({ description: 'Database id of a staff member: only the students they teach.' }),
    parentId: t.int({ description: 'Database id of a parent: only their children.' }),
  }),
});

void USER_SCOPES;

const AvailabilityRef = builder.objectRef<{ available: boolean; valid: boolean }>('Availability').implement({
  description: 'Whether a value (account, mobile) is free and well-formed.',
  fields: (t) => ({
    available: t.exposeBoolean('available', { description: 'Nobody else has it.' }),
    valid: t.exposeBoolean('valid', { description: 'It is well-formed (an account of 2 to 50 letters, digits or . _ - @; a mobile of 11 digits from 1, or + and 6 to 15 digits).' }),
  }),
});

builder.queryFields((t) => ({
  users: t.prismaConnection({
    type: 'User',
    cursor: 'id',
    description: 'People the caller may see, by id. Rights: staff.',
    authScopes: { staff: true },
    args: { filter: t.arg({ description: 'Conditions on kind, state, department, name and relations.', type: UserFilter }) },
    resolve: (query, _root, args, ctx) => ctx.db.user.findMany({ ...query, where: usersWhere(ctx, args.filter ?? {}) }),
  }),
  people: t.connection(
    {
      type: UserNode,
      description: 'People the caller may see, online users first (active in the last 5 minutes), then by the custom sort. Signed-in callers (parents and students see themselves).',
      authScopes: { authenticated: true },
      args: { filter: t.arg({ description: 'Conditions on kind, state, department, name and relations.', type: UserFilter }) },
      resolve: async (_root, args, ctx, info) => {
        const where = usersWhere(ctx, args.filter ?? {});
        let total = 0;
        // `last` without `before` pages back from the end of the list, which needs its size first.
        const size = args.last != null && !args.before ? await ctx.db.user.count({ where }) : undefined;
        const conn = await resolveOffsetConnection({ args, totalCount: size }, async ({ offset, limit }) => {
          // The page's ids (one statement), then its rows with what the query selects under `edges.node` (one more).
          const page = await pageIdsOnlineFirst(ctx.db, where, offset, limit);
          total = page.total;
          if (!page.ids.length) return [];
          const query = queryFromInfo({ context: ctx, info, path: ['edges', 'node'], typeName: 'User' });
          return inIdOrder(page.ids, await ctx.db.user.findMany({ ...query, where: { id: { in: page.ids } } }));
        });
        return { ...conn, totalCount: total };
      },
    },
    {
      fields: (tc) => ({ totalCount: tc.int({ description: 'How many people the filter matches, across all pages.', resolve: (c) => (c as unknown as { totalCount: number }).totalCount }) }),
    },
  ),
  accountAvailability: t.field({
    type: AvailabilityRef,
    description: 'Whether an account is well-formed and free (for someone other than `exceptUserId`). Rights: staff.edit or user.edit.',
    args: { account: t.arg.string({ description: 'The account to check.', required: true }), exceptUserId: t.arg.int({ description: 'Database id of the person being edited (their own account counts as free).' }) },
    resolve: (_r, args, ctx) => checkAccount(ctx, atDoor(checkAccountInput, { account: args.account, id: args.exceptUserId })),
  }),
  mobileAvailability: t.field({
    type: AvailabilityRef,
    description: 'Whether a mobile number is well-formed and free among people of one kind (staff by default). Rights: staff.edit or user.edit.',
    args: {
      mobile: t.arg.string({ description: 'The mobile number to check.', required: true }),
      type: t.arg({ description: 'Among people of this kind; default STAFF.', type: UserTypeEnum }),
      exceptUserId: t.arg.int({ description: 'Database id of the person being edited.' }),
    },
    resolve: (_r, args, ctx) => checkMobile(ctx, atDoor(checkMobileInput, { mobile: args.mobile, type: args.type, id: args.exceptUserId })),
  }),
  departments: t.prismaConnection({
    type: 'Department',
    cursor: 'id',
    description: 'Departments, ordered by sort; `rootsOnly` gives the top of the tree. Rights: staff.',
    authScopes: { staff: true },
    args: { rootsOnly: t.arg.boolean({ description: 'Only top-level departments.' }), parentId: t.arg.int({ description: 'Database id of a department: only its direct sub-departments.' }) },
    resolve: (query, _root, args, ctx) =>
      ctx.db.department.findMany({
        ...query,
        where: args.rootsOnly ? { parentId: null } : args.parentId ? { parentId: args.parentId } : {},
        orderBy: [{ sort: 'asc' }, { id: 'asc' }],
      }),
  }),
  roles: t.prismaConnection({
    description: 'Every role, by sort (`roleList` searches and counts). Rights: staff.',
    type: 'Role',
    cursor: 'id',
    authScopes: { staff: true },
    resolve: (query, _root, _args, ctx) => ctx.db.role.findMany({ ...query, orderBy: [{ sort: 'asc' }, { id: 'asc' }] }),
  }),
}));
