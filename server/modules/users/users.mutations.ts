import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { localId, localIds, type GlobalIdInput } from '../../graphql/ids.ts';
import { STAFF_STATES } from '../../lib/codes.ts';
import { LanguageEnum } from '../auth/index.ts';
import { DepartmentNode, GenderEnum, RoleNode, UserNode, UserStateEnum, UserTypeEnum } from './users.node.ts';
import { saveAuthUserAccount, saveAuthUserAccountInput } from './service/accounts.ts';
import { changeManager, changeManagerInput, resetPassword, resetPasswordInput, saveStaff, saveStaffInput, saveStaffSort, saveStaffSortInput } from './service/staff.ts';
import {
  PERSON_STATES,
  deleteUsers,
  deleteUsersInput,
  saveUser,
  saveUserInput,
  saveUserRelations,
  saveUserRelationsInput,
  setStaffState,
  setStaffStateInput,
  updateUserInfo,
  updateUserInfoInput,
  updateUserState,
} from './service/people.ts';
import { atDoor } from '../../lib/validate.ts';

/** A payload carrying one changed person, re-read with the client's selection. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function userPayload<T extends { id: number }>(name: string, extra?: (t: any) => Record<string, any>) {
  return builder.objectRef<T>(name).implement({
    description: 'The person changed.',
    fields: (t) => ({
      user: t.prismaField({ description: 'The person after the change.', type: 'User', resolve: (query, p, _a, ctx) => ctx.db.user.findUniqueOrThrow({ ...query, where: { id: p.id } }) }),
      ...(extra ? extra(t) : {}),
    }),
  });
}

const StaffStateInput = builder.inputType('StaffStateInput', {
  description: 'A staff member whose state changes.',
  fields: (t) => ({ userId: t.globalID({ description: 'The staff member (User).', required: true, for: [UserNode] }) }),
});

const StaffStatePayload = userPayload<{ id: number }>('StaffStatePayload');

const SavedPersonPayload = userPayload<{ id: number; created: boolean; generatedPassword: string | null; mailedTo?: string | null }>('SavedPersonPayload', (t) => ({
  created: t.exposeBoolean('created', { description: 'True when the save created the person.' }),
  generatedPassword: t.exposeString('generatedPassword', {
    nullable: true,
    description: 'A generated password, shown this once (it is stored only as a hash); null when none was generated or it was mailed.',
  }),
  mailedTo: t.string({ description: 'The address a generated password was mailed to; null when none was mailed.', nullable: true, resolve: (p: { mailedTo?: string | null }) => p.mailedTo ?? null }),
}));

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Pothos' input-field builder; the fields are checked where each input type is built
const StaffInputFields = (t: any) => ({
  name: t.string({ description: 'The name (required).', required: true }),
  nameEn: t.string({ description: 'The English name.' }),
  account: t.string({ required: true, description: '2 to 50 letters, digits or . _ - @; unique regardless of case.' }),
  email: t.string({ description: 'E-mail address (needed to mail passwords).' }),
  mobile: t.string({ description: 'Unique among staff.' }),
  code: t.string({ description: 'Staff number.' }),
  roleIds: t.globalIDList({ description: 'The roles to hold (staff roles).', for: [RoleNode] }),
  departmentId: t.globalID({ description: 'The Department.', for: [DepartmentNode] }),
  timeZone: t.string({ description: 'IANA name.' }),
  gender: t.field({ description: 'Gender.', type: GenderEnum }),
  state: t.field({ description: 'FULL_TIME or PART_TIME; moving into or out of DEACTIVATED needs staff.changeState too.', type: UserStateEnum }),
  sendMail: t.boolean({ description: 'Mail the generated password (and later ones) instead of showing it.' }),
  language: t.field({ description: 'The language the person reads the back office in.', type: LanguageEnum }),
});

const CreateStaffInput = builder.inputType('CreateStaffInput', {
  description: 'A new staff member.',
  fields: (t) => ({ ...StaffInputFields(t), password: t.string({ description: 'When absent, a password is generated.' }) }),
});
const UpdateStaffInput = builder.inputType('UpdateStaffInput', {
  description: 'A staff member and the fields to change.',
  fields: (t) => ({ userId: t.globalID({ description: 'The staff member (User) to edit.', required: true, for: [UserNode] }), ...StaffInputFields(t) }),
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
  name: t.string({ description: 'The name (required).', required: true }),
  nameEn: t.string({ description: 'The English name.' }),
  gender: t.field({ description: 'Gender.', type: GenderEnum }),
  birthday: t.field({ description: 'Date of birth (yyyy-MM-dd). Personal data of a minor.', type: 'Date' }),
  mobile: t.string({ description: 'Mobile: mainland 11 digits from 1, or + and 6 to 15 digits; unique among people of the same kind.' }),
  email: t.string({ description: 'E-mail address.' }),
  account: t.string({ description: 'Login account; a password is generated when the person has none.' }),
  password: t.string({ description: 'A password meeting the password rules; generated when the person gets an account without one.' }),
  timeZone: t.string({ description: 'IANA time zone, e.g. Asia/Shanghai.' }),
  language: t.field({ description: 'The language the person reads the back office in.', type: LanguageEnum }),
  roleIds: t.globalIDList({ for: [RoleNode], description: "Default: the type's role (parent or student)." }),
  parentId: t.globalID({ description: "A student's parent (an active parent User); null clears.", for: [UserNode] }),
  consultantId: t.globalID({ description: "A student's consultant (active staff with the consultant role); null clears.", for: [UserNode] }),
  lecturerId: t.globalID({ description: "A student's lecturer (active staff with the lecturer role); null clears.", for: [UserNode] }),
  isMatch: t.boolean({ description: 'The legacy match flag.' }),
  sendMail: t.boolean({ description: 'Mail generated passwords instead of showing them.' }),
});

const SaveUserInput = builder.inputType('SaveUserInput', {
  description: 'A parent or a student: no userId creates, a userId edits.',
  fields: (t) => ({
    userId: t.globalID({ description: 'The User to edit; leave out to create one.', for: [UserNode] }),
    type: t.field({ type: UserTypeEnum, description: 'PARENT or STUDENT; required when creating.' }),
    ...PersonInputFields(t),
  }),
});

const UserIdsInput = builder.inputType('DeleteUsersInput', {
  description: 'People to delete.',
  fields: (t) => ({ userIds: t.globalIDList({ description: 'Parent and student Users (all or none).', required: true, for: [UserNode] }) }),
});
const DeleteUsersPayload = builder.objectRef<{ ids: number[] }>('DeleteUsersPayload').implement({
  description: 'The people deleted.',
  fields: (t) => ({
    deletedUserIds: t.idList({ resolve: (p) => p.ids.map((id) => Buffer.from(`User:${id}`).toString('base64')), description: 'Global ids, for @deleteRecord.' }),
  }),
});

const UserRelationsInput = builder.inputType('SaveUserRelationsInput', {
  description: "A student's parent, consultant and lecturer: absent fields stay, null clears.",
  fields: (t) => ({
    userId: t.globalID({ description: 'The student (User).', required: true, for: [UserNode] }),
    parentId: t.globalID({ description: 'The parent (an active parent User); null clears.', for: [UserNode] }),
    consultantId: t.globalID({ description: 'The consultant (active staff with the consultant role); null clears.', for: [UserNode] }),
    lecturerId: t.globalID({ description: 'The lecturer (active staff with the lecturer role); null clears.', for: [UserNode] }),
  }),
});

const ResetPasswordInput = builder.inputType('ResetPasswordInput', {
  description: 'A person whose password is reset.',
  fields: (t) => ({
    userId: t.globalID({ description: 'The User.', required: true, for: [UserNode] }),
    sendMail: t.boolean({ description: "Mail the new password; default: the person's own sendMail setting." }),
  }),
});
const ResetPasswordPayload = userPayload<{ id: number; password: string | null; mailedTo: string | null }>('ResetPasswordPayload', (t) => ({
  password: t.exposeString('password', { nullable: true, description: 'The new password, shown this once; null when it was mailed.' }),
  mailedTo: t.exposeString('mailedTo', { description: 'The address the password was mailed to; null when it is shown instead.', nullable: true }),
}));

const HandoverWhatEnum = builder.enumType('HandoverPart', {
  description: 'What a handover moves.',
  values: {
    CONSULTANT: { value: 'consultant', description: 'Students they consult.' },
    LECTURER: { value: 'lecturer', description: 'Students they teach.' },
    DEPARTMENT: { value: 'department', description: 'Departments they head.' },
  } as const,
});
const ChangeManagerInput = builder.inputType('ChangeManagerInput', {
  description: 'A handover from one staff member to another.',
  fields: (t) => ({
    fromUserId: t.globalID({ description: 'The staff member handing over.', required: true, for: [UserNode] }),
    toUserId: t.globalID({ description: 'The active staff member taking over (holding the consultant or lecturer role for those parts).', required: true, for: [UserNode] }),
    parts: t.field({ type: [HandoverWhatEnum], description: 'What moves; all when absent.' }),
  }),
});
const ChangeManagerPayload = builder.objectRef<{ fromUserId: number; toUserId: number; consultant: number; lecturer: number; department: number }>('ChangeManagerPayload').implement({
  description: 'Who handed over to whom and how much moved.',
  fields: (t) => ({
    from: t.prismaField({ description: 'The staff member who handed over.', type: 'User', resolve: (q, p, _a, ctx) => ctx.db.user.findUniqueOrThrow({ ...q, where: { id: p.fromUserId } }) }),
    to: t.prismaField({ description: 'The staff member who took over.', type: 'User', resolve: (q, p, _a, ctx) => ctx.db.user.findUniqueOrThrow({ ...q, where: { id: p.toUserId } }) }),
    movedStudentsConsulted: t.exposeInt('consultant', { description: "How many students' consultant changed." }),
    movedStudentsTaught: t.exposeInt('lecturer', { description: "How many students' lecturer changed." }),
    movedDepartments: t.exposeInt('department', { description: "How many departments' head changed." }),
  }),
});

const SortItemInput = builder.inputType('StaffSortItem', {
  description: "One staff member's place in the custom order.",
  fields: (t) => ({ userId: t.globalID({ description: 'The staff member (User).', required: true, for: [UserNode] }), sort: t.int({ description: 'The position (smaller first).', required: true }) }),
});
const SaveStaffSortPayload = builder.objectRef<Array<{ id: number; sort: number }>>('SaveStaffSortPayload').implement({
  description: 'The staff whose order was saved.',
  fields: (t) => ({
    users: t.prismaField({
      description: 'The staff members, in their new order.',
      type: ['User'],
      resolve: (q, p, _a, ctx) => ctx.db.user.findMany({ ...q, where: { id: { in: p.map((x) => x.id) } }, orderBy: [{ sort: 'asc' }, { id: 'asc' }] }),
    }),
  }),
});

const UserStateInput = builder.inputType('UserStateInput', {
  description: 'A parent or student whose state changes.',
  fields: (t) => ({ userId: t.globalID({ description: 'The parent or student (User).', required: true, for: [UserNode] }) }),
});
const UserMatchInput = builder.inputType('SetUserMatchInput', {
  description: 'A parent or student and their match flag.',
  fields: (t) => ({ userId: t.globalID({ description: 'The parent or student (User).', required: true, for: [UserNode] }), isMatch: t.boolean({ description: 'The new value.', required: true }) }),
});

const UpdateUserInfoInput = builder.inputType('UpdateUserInfoInput', {
  description: "Contact details, time zone and language; without userId, the viewer's own.",
  fields: (t) => ({
    userId: t.globalID({ description: "The User to edit; leave out for the caller's own details.", for: [UserNode] }),
    name: t.string({ description: 'The name.' }),
    nameEn: t.string({ description: 'The English name.' }),
    gender: t.field({ description: 'Gender.', type: GenderEnum }),
    mobile: t.string({ description: 'Mobile number (unique among people of the same kind).' }),
    email: t.string({ description: 'E-mail address.' }),
    timeZone: t.string({ description: 'IANA time zone; wall times are shown and read in it.' }),
    language: t.field({ description: "The back office's language for the person.", type: LanguageEnum }),
    sendMail: t.boolean({ description: 'Mail generated passwords instead of showing them.' }),
  }),
});

builder.mutationFields((t) => ({
  deactivateStaff: t.field({
    type: StaffStatePayload,
    errors: mutationErrors,
    description:
      'Deactivates a staff member (state DEACTIVATED) and ends all their sessions. Rights: staff.changeState (administrators, managers); never oneself; a non-administrator cannot deactivate an administrator. Errors: CANNOT_DEACTIVATE_SELF, NOT_FOUND (not a staff member), FORBIDDEN.',
    args: { input: t.arg({ description: 'The staff member to deactivate.', type: StaffStateInput, required: true }) },
    resolve: (_r, { input }, ctx) => setStaffState(ctx, atDoor(setStaffStateInput, { id: localId(input.userId, 'User'), state: STAFF_STATES.DEACTIVATED })),
  }),
  activateStaff: t.field({
    type: StaffStatePayload,
    errors: mutationErrors,
    description: 'Makes a deactivated staff member FULL_TIME again. Rights: staff.changeState. Errors: NOT_FOUND (not a staff member), FORBIDDEN.',
    args: { input: t.arg({ description: 'The staff member to activate.', type: StaffStateInput, required: true }) },
    resolve: (_r, { input }, ctx) => setStaffState(ctx, atDoor(setStaffStateInput, { id: localId(input.userId, 'User'), state: STAFF_STATES.FULL_TIME })),
  }),
  createStaff: t.field({
    type: SavedPersonPayload,
    errors: mutationErrors,
    description:
      'Adds a staff member. Without a password one is generated: returned once in `generatedPassword`, or mailed when sendMail is set (then nothing changes if the mail cannot be sent). Rights: staff.edit (administrators, managers); a non-administrator gives only roles whose rights they hold. Errors: ACCOUNT_TAKEN, MOBILE_TAKEN, PASSWORD_RULES, ROLE_UNKNOWN, ROLE_TYPE_MISMATCH, DEPARTMENT_UNKNOWN, UNKNOWN_TIME_ZONE, NO_EMAIL, MAIL_NOT_CONFIGURED, MAIL_FAILED, FORBIDDEN, INVALID_INPUT.',
    args: { input: t.arg({ description: 'The new staff member.', type: CreateStaffInput, required: true }) },
    resolve: (_r, { input }, ctx) => saveStaff(ctx, atDoor(saveStaffInput, staffArgs(input))),
  }),
  updateStaff: t.field({
    type: SavedPersonPayload,
    errors: mutationErrors,
    description: 'Edits a staff member (not the password: see resetPassword). Rights: staff.edit; a state change into or out of DEACTIVATED also staff.changeState. Errors: as createStaff, and NOT_FOUND, NOT_STAFF.',
    args: { input: t.arg({ description: 'The staff member and the changes.', type: UpdateStaffInput, required: true }) },
    resolve: (_r, { input }, ctx) => {
      const { userId, ...rest } = input;
      return saveStaff(ctx, atDoor(saveStaffInput, { ...staffArgs(rest), id: localId(userId, 'User') }));
    },
  }),
  resetPassword: t.field({
    type: ResetPasswordPayload,
    errors: mutationErrors,
    description:
      "Gives a person a generated password (shown once, or mailed) and ends their sessions. Rights: staff.edit for staff, user.edit for parents and students; not an administrator's unless the caller is one. Errors: NOT_FOUND, FORBIDDEN, NO_ACCOUNT, NO_EMAIL, MAIL_NOT_CONFIGURED, MAIL_FAILED.",
    args: { input: t.arg({ description: 'The person and how to deliver the password.', type: ResetPasswordInput, required: true }) },
    resolve: (_r, { input }, ctx) => resetPassword(ctx, atDoor(resetPasswordInput, { id: localId(input.userId, 'User'), sendMail: input.sendMail })),
  }),
  changeManager: t.field({
    type: ChangeManagerPayload,
    errors: mutationErrors,
    description:
      "Hands a staff member's students (consulted, taught) and headed departments to another active staff member. Rights: staff.edit. Errors: HANDOVER_SAME, HANDOVER_TARGET_INACTIVE, NOT_STAFF, NOT_FOUND, FORBIDDEN, RELATION_INVALID (the target lacks the consultant or lecturer role).",
    args: { input: t.arg({ description: 'Who hands over to whom, and what.', type: ChangeManagerInput, required: true }) },
    resolve: (_r, { input }, ctx) => changeManager(ctx, atDoor(changeManagerInput, { fromUserId: localId(input.fromUserId, 'User'), toUserId: localId(input.toUserId, 'User'), what: input.parts })),
  }),
  saveStaffSort: t.field({
    type: SaveStaffSortPayload,
    errors: mutationErrors,
    description: 'Saves the custom order of the staff list. Rights: staff.edit. Errors: INVALID_INPUT (empty), NOT_FOUND, FORBIDDEN.',
    args: {
      input: t.arg({
        description: 'The order.',
        type: builder.inputType('SaveStaffSortInput', {
          description: 'The custom order of the staff list.',
          fields: (f) => ({ items: f.field({ description: 'Staff members and their positions.', type: [SortItemInput], required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: (_r, { input }, ctx) => saveStaffSort(ctx, atDoor(saveStaffSortInput, { items: input.items.map((i) => ({ id: localId(i.userId, 'User'), sort: i.sort })) })),
  }),
  saveUser: t.field({
    type: SavedPersonPayload,
    errors: mutationErrors,
    description:
      'Adds or edits a parent or a student, with account, relations and roles. Rights: user.edit (administrators, managers). Errors: NOT_PARENT_OR_STUDENT, ACCOUNT_TAKEN, MOBILE_TAKEN, PASSWORD_RULES, RELATION_INVALID, ROLE_UNKNOWN, ROLE_TYPE_MISMATCH, UNKNOWN_TIME_ZONE, NO_EMAIL, MAIL_FAILED, NOT_FOUND, FORBIDDEN, INVALID_INPUT.',
    args: { input: t.arg({ description: 'The parent or student.', type: SaveUserInput, required: true }) },
    resolve: (_r, { input }, ctx) => {
      const { userId, parentId, consultantId, lecturerId, roleIds, ...rest } = input as typeof input & {
        parentId?: GlobalIdInput;
        consultantId?: GlobalIdInput;
        lecturerId?: GlobalIdInput;
        roleIds?: GlobalIdInput[] | null;
      };
      const rel = (g: GlobalIdInput) => localId(g, 'User');
      return saveUser(
        ctx,
        atDoor(saveUserInput, {
          ...rest,
          id: localId(userId, 'User') ?? undefined,
          roleIds: localIds(roleIds, 'Role') ?? undefined,
          ...('parentId' in input ? { parentId: rel(parentId) } : {}),
          ...('consultantId' in input ? { consultantId: rel(consultantId) } : {}),
          ...('lecturerId' in input ? { lecturerId: rel(lecturerId) } : {}),
        }),
      );
    },
  }),
  deleteUsers: t.field({
    type: DeleteUsersPayload,
    errors: mutationErrors,
    description:
      'Deletes parents and students, all or none (staff are deactivated, never deleted). Rights: user.edit. Errors: STAFF_NOT_DELETABLE, CANNOT_DELETE_SELF, USER_IN_USE (an archive or another row refers to them), NOT_FOUND, FORBIDDEN.',
    args: { input: t.arg({ description: 'The people to delete.', type: UserIdsInput, required: true }) },
    resolve: async (_r, { input }, ctx) => ({ ids: await deleteUsers(ctx, atDoor(deleteUsersInput, { ids: localIds(input.userIds, 'User') })) }),
  }),
  saveUserRelations: t.field({
    description:
      "Sets a student's parent, consultant and lecturer (absent fields stay, null clears). Rights: user.edit (administrators, managers). Errors: NOT_FOUND, FORBIDDEN, RELATION_INVALID (not a student, or a target of the wrong kind or inactive).",
    type: userPayload<{ id: number }>('SaveUserRelationsPayload'),
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The student and the relations.', type: UserRelationsInput, required: true }) },
    resolve: (_r, { input }, ctx) => {
      const out: Record<string, unknown> = { userId: localId(input.userId, 'User') };
      for (const k of ['parentId', 'consultantId', 'lecturerId'] as const) if (k in input) out[k] = localId(input[k], 'User');
      return saveUserRelations(ctx, atDoor(saveUserRelationsInput, out));
    },
  }),
  activateUser: t.field({
    type: userPayload<{ id: number }>('UserStatePayload'),
    errors: mutationErrors,
    description: 'Re-activates a parent or student. Rights: user.edit. Errors: NOT_PARENT_OR_STUDENT, NOT_FOUND, FORBIDDEN.',
    args: { input: t.arg({ description: 'The parent or student.', type: UserStateInput, required: true }) },
    resolve: (_r, { input }, ctx) => updateUserState(ctx, { id: localId(input.userId, 'User'), state: PERSON_STATES.ACTIVE }),
  }),
  deactivateUser: t.field({
    type: userPayload<{ id: number }>('DeactivateUserPayload'),
    errors: mutationErrors,
    description: 'Deactivates a parent or student and ends their sessions. Rights: user.edit. Errors: NOT_PARENT_OR_STUDENT, CANNOT_DEACTIVATE_SELF, NOT_FOUND, FORBIDDEN.',
    args: { input: t.arg({ description: 'The parent or student.', type: UserStateInput, required: true }) },
    resolve: (_r, { input }, ctx) => updateUserState(ctx, { id: localId(input.userId, 'User'), state: PERSON_STATES.DEACTIVATED }),
  }),
  setUserMatch: t.field({
    type: userPayload<{ id: number }>('SetUserMatchPayload'),
    errors: mutationErrors,
    description: "Sets a parent's or student's isMatch flag. Rights: user.edit. Errors: NOT_PARENT_OR_STUDENT, NOT_FOUND, FORBIDDEN.",
    args: { input: t.arg({ description: 'The person and the flag.', type: UserMatchInput, required: true }) },
    resolve: (_r, { input }, ctx) => updateUserState(ctx, { id: localId(input.userId, 'User'), isMatch: input.isMatch }),
  }),
  updateUserInfo: t.field({
    description:
      "Edits contact details, time zone and language: the caller's own (any signed-in caller), or another person's with staff.edit (staff) or user.edit (parents, students). Errors: NOT_FOUND, FORBIDDEN, MOBILE_TAKEN, UNKNOWN_TIME_ZONE, INVALID_INPUT.",
    type: userPayload<{ id: number }>('UpdateUserInfoPayload'),
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The person (default the caller) and the changes.', type: UpdateUserInfoInput, required: true }) },
    resolve: (_r, { input }, ctx) => {
      const { userId, ...rest } = input;
      return updateUserInfo(ctx, atDoor(updateUserInfoInput, { ...rest, id: localId(userId, 'User') ?? undefined }));
    },
  }),
}));

builder.mutationFields((t) => ({
  saveUserAccount: t.field({
    type: builder.objectRef<{ userId: number; generatedPassword: string | null }>('SaveUserAccountPayload').implement({
      description: 'The person with their account.',
      fields: (f) => ({
        user: f.prismaField({ description: 'The person after the change.', type: 'User', resolve: (q, p, _a, ctx) => ctx.db.user.findUniqueOrThrow({ ...q, where: { id: p.userId } }) }),
        generatedPassword: f.exposeString('generatedPassword', { nullable: true, description: 'Shown this once when a password was generated.' }),
      }),
    }),
    errors: mutationErrors,
    description:
      'Gives a person a login account, optionally a password (generated when they have none, shown once) and roles. Rights: role.edit (administrators). Errors: ACCOUNT_TAKEN, PASSWORD_RULES, ROLE_UNKNOWN, ROLE_TYPE_MISMATCH, NOT_FOUND, FORBIDDEN, INVALID_INPUT.',
    args: {
      input: t.arg({
        description: 'The person, the account, an optional password and roles.',
        required: true,
        type: builder.inputType('SaveUserAccountInput', {
          description: 'A login account for a person.',
          fields: (f) => ({
            userId: f.globalID({ description: 'The User.', required: true, for: [UserNode] }),
            account: f.string({ description: 'The account: 2 to 50 letters, digits or . _ - @; unique regardless of case.', required: true }),
            password: f.string({ description: 'A password meeting the rules; generated when absent and the person has none.' }),
            roleIds: f.globalIDList({ description: "Roles to give (matching the person's kind).", for: [RoleNode] }),
          }),
        }),
      }),
    },
    resolve: (_r, { input }, ctx) =>
      saveAuthUserAccount(ctx, atDoor(saveAuthUserAccountInput, { userId: localId(input.userId, 'User'), account: input.account, password: input.password, roleIds: localIds(input.roleIds, 'Role') })),
  }),
}));
