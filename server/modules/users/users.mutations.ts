import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { localId, localIds, type GlobalIdInput } from '../../graphql/ids.ts';
import { STAFF_STATES } from '../../lib/codes.ts';
import { LanguageEnum } from '../auth/index.ts';
import { DepartmentNode, GenderEnum, RoleNode, UserNode, UserStateEnum, UserTypeEnum } from './users.node.ts';
import { saveAuthUserAccount } from './service/accounts.ts';
import { changeManager, resetPassword, saveStaff, saveStaffSort } from './service/staff.ts';
import { PERSON_STATES, deleteUsers, saveUser, saveUserRelations, setStaffState, updateUserInfo, updateUserState } from './service/people.ts';

/** A payload carrying one changed person, re-read with the client's selection. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function userPayload<T extends { id: number }>(name: string, extra?: (t: any) => Record<string, any>) {
  return builder.objectRef<T>(name).implement({
    fields: (t) => ({
      user: t.prismaField({ type: 'User', resolve: (query, p, _a, ctx) => ctx.db.user.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
      ...(extra ? extra(t) : {}),
    }),
  });
}

const StaffStateInput = builder.inputType('StaffStateInput', {
  fields: (t) => ({ userId: t.globalID({ required: true, for: [UserNode] }) }),
});

const StaffStatePayload = userPayload<{ id: number }>('StaffStatePayload');

const SavedPersonPayload = userPayload<{ id: number; created: boolean; generatedPassword: string | null; mailedTo?: string | null }>('SavedPersonPayload', (t) => ({
  created: t.exposeBoolean('created'),
  generatedPassword: t.exposeString('generatedPassword', {
    nullable: true,
    description: 'A generated password, shown this once (it is stored only as a hash); null when none was generated or it was mailed.',
  }),
  mailedTo: t.string({ nullable: true, resolve: (p: { mailedTo?: string | null }) => p.mailedTo ?? null }),
}));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Pothos' input-field builder; the fields are checked where each input type is built
const StaffInputFields = (t: any) => ({
  name: t.string({ required: true }),
  nameEn: t.string(),
  account: t.string({ required: true, description: '2 to 50 letters, digits or . _ - @; unique regardless of case.' }),
  email: t.string(),
  mobile: t.string({ description: 'Unique among staff.' }),
  code: t.string({ description: 'Staff number.' }),
  roleIds: t.globalIDList({ for: [RoleNode] }),
  departmentId: t.globalID({ for: [DepartmentNode] }),
  timeZone: t.string({ description: 'IANA name.' }),
  gender: t.field({ type: GenderEnum }),
  state: t.field({ type: UserStateEnum }),
  sendMail: t.boolean({ description: 'Mail the generated password (and later ones) instead of showing it.' }),
  language: t.field({ type: LanguageEnum }),
});

const CreateStaffInput = builder.inputType('CreateStaffInput', {
  fields: (t) => ({ ...StaffInputFields(t), password: t.string({ description: 'When absent, a password is generated.' }) }),
});
const UpdateStaffInput = builder.inputType('UpdateStaffInput', {
  fields: (t) => ({ userId: t.globalID({ required: true, for: [UserNode] }), ...StaffInputFields(t) }),
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the decoded input of either staff input type
function staffArgs(input: Record<string, any>) {
  return {
    ...input,
    roleIds: localIds(input.roleIds, 'Role') ?? undefined,
    departmentId: localId(input.departmentId, 'Department'),
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Pothos' input-field builder; the fields are checked where each input type is built
const PersonInputFields = (t: any) => ({
  name: t.string({ required: true }),
  nameEn: t.string(),
  gender: t.field({ type: GenderEnum }),
  birthday: t.field({ type: 'Date' }),
  mobile: t.string(),
  email: t.string(),
  account: t.string({ description: 'Login account; a password is generated when the person has none.' }),
  password: t.string(),
  timeZone: t.string(),
  language: t.field({ type: LanguageEnum }),
  roleIds: t.globalIDList({ for: [RoleNode], description: "Default: the type's role (parent or student)." }),
  parentId: t.globalID({ for: [UserNode] }),
  consultantId: t.globalID({ for: [UserNode] }),
  lecturerId: t.globalID({ for: [UserNode] }),
  isMatch: t.boolean(),
  sendMail: t.boolean(),
});

const SaveUserInput = builder.inputType('SaveUserInput', {
  description: 'A parent or a student: no userId creates, a userId edits.',
  fields: (t) => ({
    userId: t.globalID({ for: [UserNode] }),
    type: t.field({ type: UserTypeEnum, description: 'PARENT or STUDENT; required when creating.' }),
    ...PersonInputFields(t),
  }),
});

const UserIdsInput = builder.inputType('DeleteUsersInput', { fields: (t) => ({ userIds: t.globalIDList({ required: true, for: [UserNode] }) }) });
const DeleteUsersPayload = builder.objectRef<{ ids: number[] }>('DeleteUsersPayload').implement({
  fields: (t) => ({
    deletedUserIds: t.idList({ resolve: (p) => p.ids.map((id) => Buffer.from(`User:${id}`).toString('base64')), description: 'Global ids, for @deleteRecord.' }),
  }),
});

const UserRelationsInput = builder.inputType('SaveUserRelationsInput', {
  description: "A student's parent, consultant and lecturer: absent fields stay, null clears.",
  fields: (t) => ({
    userId: t.globalID({ required: true, for: [UserNode] }),
    parentId: t.globalID({ for: [UserNode] }),
    consultantId: t.globalID({ for: [UserNode] }),
    lecturerId: t.globalID({ for: [UserNode] }),
  }),
});

const ResetPasswordInput = builder.inputType('ResetPasswordInput', {
  fields: (t) => ({
    userId: t.globalID({ required: true, for: [UserNode] }),
    sendMail: t.boolean({ description: "Mail the new password; default: the person's own sendMail setting." }),
  }),
});
const ResetPasswordPayload = userPayload<{ id: number; password: string | null; mailedTo: string | null }>('ResetPasswordPayload', (t) => ({
  password: t.exposeString('password', { nullable: true, description: 'The new password, shown this once; null when it was mailed.' }),
  mailedTo: t.exposeString('mailedTo', { nullable: true }),
}));

const HandoverWhatEnum = builder.enumType('HandoverPart', {
  values: {
    CONSULTANT: { value: 'consultant', description: 'Students they consult.' },
    LECTURER: { value: 'lecturer', description: 'Students they teach.' },
    DEPARTMENT: { value: 'department', description: 'Departments they head.' },
  } as const,
});
const ChangeManagerInput = builder.inputType('ChangeManagerInput', {
  fields: (t) => ({
    fromUserId: t.globalID({ required: true, for: [UserNode] }),
    toUserId: t.globalID({ required: true, for: [UserNode] }),
    parts: t.field({ type: [HandoverWhatEnum], description: 'What moves; all when absent.' }),
  }),
});
const ChangeManagerPayload = builder.objectRef<{ fromUserId: number; toUserId: number; consultant: number; lecturer: number; department: number }>('ChangeManagerPayload').implement({
  fields: (t) => ({
    from: t.prismaField({ type: 'User', resolve: (q, p, _a, ctx) => ctx.db.user.findUniqueOrThrow({ ...q, where: { id: p.fromUserId } }) }),
    to: t.prismaField({ type: 'User', resolve: (q, p, _a, ctx) => ctx.db.user.findUniqueOrThrow({ ...q, where: { id: p.toUserId } }) }),
    movedStudentsConsulted: t.exposeInt('consultant'),
    movedStudentsTaught: t.exposeInt('lecturer'),
    movedDepartments: t.exposeInt('department'),
  }),
});

const SortItemInput = builder.inputType('StaffSortItem', {
  fields: (t) => ({ userId: t.globalID({ required: true, for: [UserNode] }), sort: t.int({ required: true }) }),
});
const SaveStaffSortPayload = builder.objectRef<Array<{ id: number; sort: number }>>('SaveStaffSortPayload').implement({
  fields: (t) => ({
    users: t.prismaField({
      type: ['User'],
      resolve: (q, p, _a, ctx) => ctx.db.user.findMany({ ...q, where: { id: { in: p.map((x) => x.id) } }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] }),
    }),
  }),
});

const UserStateInput = builder.inputType('UserStateInput', { fields: (t) => ({ userId: t.globalID({ required: true, for: [UserNode] }) }) });
const UserMatchInput = builder.inputType('SetUserMatchInput', {
  fields: (t) => ({ userId: t.globalID({ required: true, for: [UserNode] }), isMatch: t.boolean({ required: true }) }),
});

const UpdateUserInfoInput = builder.inputType('UpdateUserInfoInput', {
  description: "Contact details, time zone and language; without userId, the viewer's own.",
  fields: (t) => ({
    userId: t.globalID({ for: [UserNode] }),
    name: t.string(),
    nameEn: t.string(),
    gender: t.field({ type: GenderEnum }),
    mobile: t.string(),
    email: t.string(),
    timeZone: t.string(),
    language: t.field({ type: LanguageEnum }),
    sendMail: t.boolean(),
  }),
});

builder.mutationFields((t) => ({
  deactivateStaff: t.field({
    type: StaffStatePayload,
    errors: mutationErrors,
    description: 'Deactivates a staff member and revokes all their sessions.',
    args: { input: t.arg({ type: StaffStateInput, required: true }) },
    resolve: (_r, { input }, ctx) => setStaffState(ctx, { id: localId(input.userId, 'User'), state: STAFF_STATES.DEACTIVATED }),
  }),
  activateStaff: t.field({
    type: StaffStatePayload,
    errors: mutationErrors,
    description: 'Makes a deactivated staff member full-time again.',
    args: { input: t.arg({ type: StaffStateInput, required: true }) },
    resolve: (_r, { input }, ctx) => setStaffState(ctx, { id: localId(input.userId, 'User'), state: STAFF_STATES.FULL_TIME }),
  }),
  createStaff: t.field({
    type: SavedPersonPayload,
    errors: mutationErrors,
    description: 'Adds a staff member. Without a password one is generated: returned once, or mailed when sendMail is set.',
    args: { input: t.arg({ type: CreateStaffInput, required: true }) },
    resolve: (_r, { input }, ctx) => saveStaff(ctx, staffArgs(input)),
  }),
  updateStaff: t.field({
    type: SavedPersonPayload,
    errors: mutationErrors,
    description: 'Edits a staff member (not the password: see resetPassword).',
    args: { input: t.arg({ type: UpdateStaffInput, required: true }) },
    resolve: (_r, { input }, ctx) => {
      const { userId, ...rest } = input;
      return saveStaff(ctx, { ...staffArgs(rest), id: localId(userId, 'User') });
    },
  }),
  resetPassword: t.field({
    type: ResetPasswordPayload,
    errors: mutationErrors,
    description: 'Gives a person a generated password (shown once or mailed) and ends their sessions.',
    args: { input: t.arg({ type: ResetPasswordInput, required: true }) },
    resolve: (_r, { input }, ctx) => resetPassword(ctx, { id: localId(input.userId, 'User'), sendMail: input.sendMail }),
  }),
  changeManager: t.field({
    type: ChangeManagerPayload,
    errors: mutationErrors,
    description: "Hands a staff member's students (consulted, taught) and headed departments to another staff member.",
    args: { input: t.arg({ type: ChangeManagerInput, required: true }) },
    resolve: (_r, { input }, ctx) => changeManager(ctx, { fromUserId: localId(input.fromUserId, 'User'), toUserId: localId(input.toUserId, 'User'), what: input.parts }),
  }),
  saveStaffSort: t.field({
    type: SaveStaffSortPayload,
    errors: mutationErrors,
    description: 'Saves the custom order of the staff list.',
    args: { input: t.arg({ type: builder.inputType('SaveStaffSortInput', { fields: (f) => ({ items: f.field({ type: [SortItemInput], required: true }) }) }), required: true }) },
    resolve: (_r, { input }, ctx) => saveStaffSort(ctx, { items: input.items.map((i) => ({ id: localId(i.userId, 'User'), sort: i.sort })) }),
  }),
  saveUser: t.field({
    type: SavedPersonPayload,
    errors: mutationErrors,
    description: 'Adds or edits a parent or a student.',
    args: { input: t.arg({ type: SaveUserInput, required: true }) },
    resolve: (_r, { input }, ctx) => {
      const { userId, parentId, consultantId, lecturerId, roleIds, ...rest } = input as typeof input & {
        parentId?: GlobalIdInput;
        consultantId?: GlobalIdInput;
        lecturerId?: GlobalIdInput;
        roleIds?: GlobalIdInput[] | null;
      };
      const rel = (g: GlobalIdInput) => localId(g, 'User');
      return saveUser(ctx, {
        ...rest,
        id: localId(userId, 'User') ?? undefined,
        roleIds: localIds(roleIds, 'Role') ?? undefined,
        ...('parentId' in input ? { parentId: rel(parentId) } : {}),
        ...('consultantId' in input ? { consultantId: rel(consultantId) } : {}),
        ...('lecturerId' in input ? { lecturerId: rel(lecturerId) } : {}),
      });
    },
  }),
  deleteUsers: t.field({
    type: DeleteUsersPayload,
    errors: mutationErrors,
    description: 'Deletes parents and students (staff are deactivated, never deleted).',
    args: { input: t.arg({ type: UserIdsInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ ids: await deleteUsers(ctx, { ids: localIds(input.userIds, 'User') }) }),
  }),
  saveUserRelations: t.field({
    type: userPayload<{ id: number }>('SaveUserRelationsPayload'),
    errors: mutationErrors,
    args: { input: t.arg({ type: UserRelationsInput, required: true }) },
    resolve: (_r, { input }, ctx) => {
      const out: Record<string, unknown> = { userId: localId(input.userId, 'User') };
      for (const k of ['parentId', 'consultantId', 'lecturerId'] as const) if (k in input) out[k] = localId(input[k], 'User');
      return saveUserRelations(ctx, out);
    },
  }),
  activateUser: t.field({
    type: userPayload<{ id: number }>('UserStatePayload'),
    errors: mutationErrors,
    description: 'Re-activates a parent or student.',
    args: { input: t.arg({ type: UserStateInput, required: true }) },
    resolve: (_r, { input }, ctx) => updateUserState(ctx, { id: localId(input.userId, 'User'), state: PERSON_STATES.ACTIVE }),
  }),
  deactivateUser: t.field({
    type: userPayload<{ id: number }>('DeactivateUserPayload'),
    errors: mutationErrors,
    description: 'Deactivates a parent or student and ends their sessions.',
    args: { input: t.arg({ type: UserStateInput, required: true }) },
    resolve: (_r, { input }, ctx) => updateUserState(ctx, { id: localId(input.userId, 'User'), state: PERSON_STATES.DEACTIVATED }),
  }),
  setUserMatch: t.field({
    type: userPayload<{ id: number }>('SetUserMatchPayload'),
    errors: mutationErrors,
    description: "Sets a parent's or student's isMatch flag.",
    args: { input: t.arg({ type: UserMatchInput, required: true }) },
    resolve: (_r, { input }, ctx) => updateUserState(ctx, { id: localId(input.userId, 'User'), isMatch: input.isMatch }),
  }),
  updateUserInfo: t.field({
    type: userPayload<{ id: number }>('UpdateUserInfoPayload'),
    errors: mutationErrors,
    args: { input: t.arg({ type: UpdateUserInfoInput, required: true }) },
    resolve: (_r, { input }, ctx) => {
      const { userId, ...rest } = input;
      return updateUserInfo(ctx, { ...rest, id: localId(userId, 'User') ?? undefined });
    },
  }),
}));

builder.mutationFields((t) => ({
  saveUserAccount: t.field({
    type: builder.objectRef<{ userId: number; generatedPassword: string | null }>('SaveUserAccountPayload').implement({
      fields: (f) => ({
        user: f.prismaField({ type: 'User', resolve: (q, p, _a, ctx) => ctx.db.user.findUniqueOrThrow({ ...q, where: { id: p.userId } }) }),
        generatedPassword: f.exposeString('generatedPassword', { nullable: true, description: 'Shown this once when a password was generated.' }),
      }),
    }),
    errors: mutationErrors,
    description: 'Gives a person a login account, optionally a password (generated when they have none) and roles.',
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType('SaveUserAccountInput', {
          fields: (f) => ({
            userId: f.globalID({ required: true, for: [UserNode] }),
            account: f.string({ required: true }),
            password: f.string(),
            roleIds: f.globalIDList({ for: [RoleNode] }),
          }),
        }),
      }),
    },
    resolve: (_r, { input }, ctx) => saveAuthUserAccount(ctx, { userId: localId(input.userId, 'User'), account: input.account, password: input.password, roleIds: localIds(input.roleIds, 'Role') }),
  }),
}));
