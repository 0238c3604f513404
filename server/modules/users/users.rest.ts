import type { ServiceContext } from '../../context.ts';
import { translate } from '../../i18n/catalogue.ts';
import type { RestRoute } from '../../rest/adapter.ts';
import { BOTH } from '../../rest/adapter.ts';
import { pageJson, readPage } from '../../rest/envelope.ts';
import { flag, idList, num, pick, withCondition } from '../../rest/params.ts';
import type { ParsedRequest } from '../../rest/body.ts';
import { authorize, requireActor } from '../../policy.ts';
import { utcOffset } from '../../lib/zones.ts';
import { PERSON_INCLUDE, pageOnlineFirst, personJson, type PersonRow } from './users.people.ts';
import { saveAuthUserAccount, saveAuthUserAccountInput } from './service/accounts.ts';
import {
  changeManager,
  changeManagerInput,
  checkAccount,
  checkAccountInput,
  checkMobile,
  checkMobileInput,
  resetPassword,
  resetPasswordInput,
  saveStaff,
  saveStaffInput,
  saveStaffSort,
  saveStaffSortInput,
} from './service/staff.ts';
import { USER_TYPES } from '../../lib/codes.ts';
import { atDoor, isDbId } from '../../lib/validate.ts';
import {
  deleteUsers,
  deleteUsersInput,
  listPeoplePage,
  relatedPeople,
  saveUser,
  saveUserInput,
  saveUserRelations,
  saveUserRelationsInput,
  setStaffState,
  setStaffStateInput,
  updateUserInfo,
  updateUserInfoInput,
  updateUserState,
  userDetail,
  userIdInput,
  userListFilterInput,
  usersWhere,
  type UserScope,
} from './service/people.ts';

/** Lists that are not paged still answer at most this many people. */
const LIST_LIMIT = 500;

const json = (ctx: ServiceContext, rows: PersonRow[]) => rows.map((u) => personJson(ctx.actor!, u, ctx.lang));

/** The legacy list filter: `searchKey`, `departId`, `type`, `state`, `scope`, `roleCode`, `relatedTo`, `consultantId`, `lecturerId`, `parentId`. */
function filterOf(p: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    search: pick(p, 'searchKey', 'search', 'name', 'keyword'),
    departmentId: num(pick(p, 'departId', 'departmentId')),
    type: num(p.type),
    state: num(p.state),
    scope: pick(p, 'scope'),
    roleCode: pick(p, 'roleCode', 'role'),
    relatedTo: num(pick(p, 'relatedTo')),
    consultantId: num(pick(p, 'consultantId')),
    lecturerId: num(pick(p, 'lecturerId')),
    parentId: num(pick(p, 'parentId')),
    ...extra,
  };
}

async function listPeople(ctx: ServiceContext, filter: Record<string, unknown>, limit = LIST_LIMIT) {
  const { rows } = await pageOnlineFirst(ctx.db, usersWhere(ctx, filter), 0, limit);
  return json(ctx, rows);
}

function pagedPeople(extra: Record<string, unknown> = {}) {
  return async (ctx: ServiceContext, req: ParsedRequest) => {
    const p = withCondition(req.params);
    const page = readPage(req.params);
    const { rows, total } = await listPeoplePage(ctx, atDoor(userListFilterInput, filterOf(p, extra)), page);
    return { data: pageJson(page, total, json(ctx, rows)) };
  };
}

/** The legacy person fields, mapped to the service's names. */
function personInput(p: Record<string, unknown>) {
  const out: Record<string, unknown> = {
    id: num(pick(p, 'id', 'userId')),
    type: num(p.type),
    name: p.name,
    nameEn: p.nameEn,
    gender: num(pick(p, 'gender', 'sex')),
    birthday: p.birthday,
    mobile: p.mobile,
    email: p.email,
    account: p.account,
    password: p.password,
    code: p.code,
    timeZone: p.timeZone,
    language: num(p.language),
    roleIds: idList(pick(p, 'roleIds', 'roleId', 'roles')),
    departmentId: num(pick(p, 'departmentId', 'departId')),
    state: num(p.state),
    sendMail: flag(p.sendMail),
    isMatch: flag(p.isMatch),
  };
  for (const k of ['parentId', 'consultantId', 'lecturerId']) if (k in p) out[k] = p[k] === null ? null : num(p[k]);
  return out;
}

function passwordMessage(ctx: ServiceContext, r: { generatedPassword?: string | null; password?: string | null; mailedTo?: string | null }): string {
  const shown = r.generatedPassword ?? r.password ?? null;
  if (shown) return translate(ctx.lang, 'org.passwordReset', { password: shown });
  if (r.mailedTo) return translate(ctx.lang, 'org.passwordMailed', { email: r.mailedTo });
  return translate(ctx.lang, 'org.saved');
}

async function resetPwd(ctx: ServiceContext, req: ParsedRequest) {
  const p = withCondition(req.params);
  const r = await resetPassword(ctx, atDoor(resetPasswordInput, { id: num(pick(p, 'id', 'userId')), sendMail: flag(p.sendMail) }));
  return { data: r, message: passwordMessage(ctx, r) };
}

async function updateInfo(ctx: ServiceContext, req: ParsedRequest) {
  const p = withCondition(req.params);
  const input = personInput(p);
  const r = await updateUserInfo(
    ctx,
    atDoor(updateUserInfoInput, {
      id: input.id,
      name: input.name,
      nameEn: input.nameEn,
      gender: input.gender,
      mobile: input.mobile,
      email: input.email,
      timeZone: input.timeZone,
      language: input.language,
      sendMail: input.sendMail,
    }),
  );
  return { data: r, message: translate(ctx.lang, 'org.saved') };
}

function searchBy(scope: UserScope, extra: Record<string, unknown> = {}) {
  return async (ctx: ServiceContext, req: ParsedRequest) => {
    authorize(ctx, 'directory.read');
    const p = withCondition(req.params);
    return { data: await listPeople(ctx, { ...filterOf(p), scope, activeOnly: true, ...extra }, 50) };
  };
}

export const userRoutes: RestRoute[] = [
  {
    path: '/api/admin/user/updateState',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const id = num(pick(p, 'id', 'userId'));
      const isMatch = flag(p.isMatch);
      // With isMatch: the user-manage list's update of a parent or student (state optional).
      // Without: the staff state change of the foundation (staff only, answers {id, state}).
      if (isMatch !== undefined) return { data: await updateUserState(ctx, { id, state: num(p.state), isMatch }) };
      return { data: await setStaffState(ctx, atDoor(setStaffStateInput, { id, state: num(p.state) })) };
    },
  },
  { path: '/api/admin/user/updateUserInfo', methods: BOTH, handler: updateInfo },
  {
    path: '/api/admin/user/getEmployeeList',
    methods: BOTH,
    handler: async (ctx, req) => {
      authorize(ctx, 'directory.read');
      const p = withCondition(req.params);
      if (req.params.pageResult) return pagedPeople({ type: USER_TYPES.STAFF })(ctx, req);
      return { data: await listPeople(ctx, filterOf(p, { type: USER_TYPES.STAFF })) };
    },
  },
  {
    path: '/api/admin/user/listUserByDepartId',
    methods: BOTH,
    handler: async (ctx, req) => {
      authorize(ctx, 'directory.read');
      const p = withCondition(req.params);
      return { data: await listPeople(ctx, filterOf(p, { type: USER_TYPES.STAFF })) };
    },
  },
  {
    path: '/api/admin/user/listDepartUsers',
    methods: ['POST'],
    handler: async (ctx, req) => {
      authorize(ctx, 'directory.read');
      const p = withCondition(req.params);
      return { data: await listPeople(ctx, filterOf(p, { type: USER_TYPES.STAFF, activeOnly: true })) };
    },
  },
  // Relations between users.
  {
    path: '/api/admin/user/related/listRelatedByCondition',
    methods: BOTH,
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const { rows } = await relatedPeople(ctx, atDoor(userIdInput, { id: num(pick(p, 'userId', 'id')) }));
      const kind = pick(p, 'relation', 'relatedType');
      const filtered = kind === 'parent' ? rows.filter((r) => r.type === USER_TYPES.PARENT) : kind === 'student' ? rows.filter((r) => r.type === USER_TYPES.STUDENT) : rows;
      return { data: json(ctx, filtered) };
    },
  },
  {
    path: '/api/admin/user/related/listUserByCondition',
    methods: BOTH,
    handler: async (ctx, req) => ({ data: await listPeople(ctx, filterOf(withCondition(req.params), { activeOnly: true }), 50) }),
  },
  {
    path: '/api/admin/user/related/listUserByCurrent',
    methods: BOTH,
    handler: async (ctx) => {
      const actor = requireActor(ctx);
      const { rows } = await relatedPeople(ctx, atDoor(userIdInput, { id: actor.id }));
      return { data: json(ctx, rows) };
    },
  },
  {
    path: '/api/admin/user/related/listUserByRelated',
    methods: BOTH,
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const { rows } = await relatedPeople(ctx, atDoor(userIdInput, { id: num(pick(p, 'userId', 'relatedId', 'id')) }));
      return { data: json(ctx, rows) };
    },
  },
  {
    path: '/api/admin/user/related/saveUserRelated',
    methods: BOTH,
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const input: Record<string, unknown> = { userId: num(pick(p, 'userId', 'id')) };
      for (const k of ['parentId', 'consultantId', 'lecturerId']) if (k in p) input[k] = p[k] === null || p[k] === '' ? null : num(p[k]);
      return { data: await saveUserRelations(ctx, atDoor(saveUserRelationsInput, input)), message: translate(ctx.lang, 'org.saved') };
    },
  },
  // Users (POST).
  { path: '/api/admin/user/listUserStudentByPage', methods: ['POST'], handler: pagedPeople({ scope: 'student' }) },
  {
    path: '/api/admin/user/getUserDetail',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const user = await userDetail(ctx, atDoor(userIdInput, { id: num(pick(p, 'id', 'userId')) }));
      const { rows } = await relatedPeople(ctx, atDoor(userIdInput, { id: user.id }));
      const name = (id: number | null) => rows.find((r) => r.id === id)?.name ?? null;
      return {
        data: {
          ...personJson(ctx.actor!, user, ctx.lang),
          parentName: name(user.parentId),
          consultantName: name(user.consultantId),
          lecturerName: name(user.lecturerId),
          related: json(ctx, rows),
        },
      };
    },
  },
  {
    path: '/api/admin/user/del',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const ids = await deleteUsers(ctx, atDoor(deleteUsersInput, { ids: idList(pick(p, 'ids', 'selIds', 'id', 'userIds')) }));
      return { data: ids, message: translate(ctx.lang, 'toast.deleted') };
    },
  },
  { path: '/api/admin/user/listUserByPage', methods: ['POST'], handler: pagedPeople() },
  {
    path: '/api/admin/user/checkAccount',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const r = await checkAccount(ctx, atDoor(checkAccountInput, { account: p.account, id: num(pick(p, 'id', 'userId')) }));
      return { data: r, message: translate(ctx.lang, r.available ? 'org.accountAvailable' : 'org.accountTaken') };
    },
  },
  {
    path: '/api/admin/user/saveUser',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const input = personInput(withCondition(req.params));
      let type = input.type as number | undefined;
      // An id out of the integer range is no one's: saveStaff's validation then refuses it.
      if (!type && isDbId(input.id)) {
        type = (await ctx.db.user.findUnique({ where: { id: input.id }, select: { type: true } }))?.type;
      }
      // Without a type, a new person is staff (the staff screen's add form sends none).
      if (!type || type === USER_TYPES.STAFF) {
        const r = await saveStaff(ctx, atDoor(saveStaffInput, { ...input, type: undefined }));
        return { data: r, message: passwordMessage(ctx, r) };
      }
      const { code: _code, departmentId: _d, state: _s, ...rest } = input;
      const r = await saveUser(ctx, atDoor(saveUserInput, rest));
      return { data: r, message: passwordMessage(ctx, r) };
    },
  },
  { path: '/api/admin/user/resetPwd', methods: ['POST'], handler: resetPwd },
  {
    // The add-task dialog's staff picker and its search mode (spec 7, "Work tasks": "user
    // search: searchKey", "User list response: data.userList"). Without a type, scope or role
    // it lists active staff (the people a task can go to); with one, those people. Answers
    // `{userList: [person, ...]}`, at most 500, online first, then the custom order.
    path: '/api/admin/user/listUserByCondition',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const narrowed = [p.type, p.types, p.scope, p.roleCode, p.role].some((v) => v !== undefined && v !== null && v !== '');
      const filter = filterOf(p, narrowed ? {} : { type: USER_TYPES.STAFF, activeOnly: true });
      return { data: { userList: await listPeople(ctx, filter) } };
    },
  },
  {
    path: '/api/admin/user/listGroupUserByCondition',
    methods: ['POST'],
    handler: async (ctx, req) => {
      authorize(ctx, 'directory.read');
      const p = withCondition(req.params);
      const people = await ctx.db.user.findMany({
        where: usersWhere(ctx, filterOf(p, { type: USER_TYPES.STAFF, activeOnly: true })),
        include: PERSON_INCLUDE,
        orderBy: [{ sort: 'asc' }, { id: 'asc' }],
        take: 2000,
      });
      const departments = await ctx.db.department.findMany({ orderBy: [{ sort: 'asc' }, { id: 'asc' }], select: { id: true, name: true, nameEn: true } });
      const groups = [...departments, { id: null, name: '未分配部门', nameEn: 'No department' }].map((d) => ({
        departId: d.id,
        departName: ctx.lang === 'en' ? (d.nameEn ?? d.name) : d.name,
        userList: json(
          ctx,
          people.filter((u) => u.departmentId === d.id),
        ),
      }));
      return { data: groups.filter((g) => g.userList.length > 0) };
    },
  },
  {
    path: '/api/admin/user/changeManager',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const r = await changeManager(
        ctx,
        atDoor(changeManagerInput, {
          fromUserId: num(pick(p, 'fromUserId', 'oldUserId', 'userId')),
          toUserId: num(pick(p, 'toUserId', 'newUserId', 'managerId')),
          what: idList(pick(p, 'what')),
        }),
      );
      return { data: r, message: translate(ctx.lang, 'org.saved') };
    },
  },
  {
    path: '/api/admin/user/custom/listAuthUserByPage',
    methods: ['POST'],
    handler: async (ctx, req) => {
      authorize(ctx, 'directory.read');
      const p = withCondition(req.params);
      const page = readPage(req.params);
      const where = usersWhere(ctx, filterOf(p, { type: USER_TYPES.STAFF }));
      const [rows, total] = await Promise.all([
        ctx.db.user.findMany({ where, include: PERSON_INCLUDE, orderBy: [{ sort: 'asc' }, { id: 'asc' }], skip: (page.currentPage - 1) * page.pageSize, take: page.pageSize }),
        ctx.db.user.count({ where }),
      ]);
      return { data: pageJson(page, total, json(ctx, rows)) };
    },
  },
  {
    path: '/api/admin/user/custom/saveSort',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const list = pick(p, 'items', 'list', 'sortList', 'userList');
      let items: unknown = list;
      if (list === undefined) {
        const ids = idList(pick(p, 'ids', 'userIds'));
        items = Array.isArray(ids) ? ids.map((id, index) => ({ id, sort: index + 1 })) : undefined;
      } else if (Array.isArray(list)) {
        items = list.map((x) => (x && typeof x === 'object' ? { id: num((x as Record<string, unknown>).id), sort: num((x as Record<string, unknown>).sort) } : x));
      }
      return { data: await saveStaffSort(ctx, atDoor(saveStaffSortInput, { items })), message: translate(ctx.lang, 'org.saved') };
    },
  },
  // Users (GET).
  {
    path: '/api/admin/user/checkMobile',
    methods: ['GET'],
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const r = await checkMobile(ctx, atDoor(checkMobileInput, { mobile: p.mobile, id: num(pick(p, 'id', 'userId')), type: num(p.type) }));
      return { data: r, message: translate(ctx.lang, r.available ? 'org.mobileAvailable' : 'org.mobileTaken') };
    },
  },
  { path: '/api/admin/user/searchUserAccountWithRole', methods: ['GET'], handler: searchBy('roleAccount') },
  { path: '/api/admin/user/searchUserAccountAndWithRole', methods: ['GET'], handler: searchBy('roleAccount') },
  { path: '/api/admin/user/searchUserWithStudent', methods: ['GET'], handler: searchBy('student') },
  { path: '/api/admin/user/resetUserPwd', methods: ['GET'], handler: resetPwd },
  {
    path: '/api/admin/user/listUserRelate',
    methods: ['GET'],
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const { rows } = await relatedPeople(ctx, atDoor(userIdInput, { id: num(pick(p, 'id', 'userId')) ?? ctx.actor?.id }));
      return { data: json(ctx, rows) };
    },
  },
  { path: '/api/admin/user/listSearchConsultantUser', methods: ['GET'], handler: searchBy('consultant') },
  { path: '/api/admin/user/listSearchLecturerUser', methods: ['GET'], handler: searchBy('lecturer') },
  { path: '/api/admin/user/searchLecturer', methods: ['GET'], handler: searchBy('lecturer') },
  {
    path: '/api/admin/user/listUserTimeById',
    methods: ['GET'],
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const user = await userDetail(ctx, atDoor(userIdInput, { id: num(pick(p, 'id', 'userId')) ?? ctx.actor?.id }));
      const zone = await ctx.db.sysTimeZone.findUnique({ where: { name: user.timeZone } });
      return {
        data: {
          id: user.id,
          timeZone: user.timeZone,
          timeZoneName: zone?.nameZh ?? user.timeZone,
          timeZoneEnName: zone?.nameEn ?? user.timeZone,
          utcOffset: utcOffset(user.timeZone),
        },
      };
    },
  },
  {
    path: '/api/admin/auth/account/saveAuthUserAccount',
    methods: ['POST'],
    handler: async (ctx, req) => {
      const p = withCondition(req.params);
      const r = await saveAuthUserAccount(
        ctx,
        atDoor(saveAuthUserAccountInput, {
          userId: num(pick(p, 'userId', 'id')),
          account: p.account,
          password: p.password,
          roleIds: idList(pick(p, 'roleIds', 'roleId')),
        }),
      );
      const message = r.generatedPassword ? translate(ctx.lang, 'org.passwordReset', { password: r.generatedPassword }) : translate(ctx.lang, 'org.saved');
      return { data: r, message };
    },
  },
];
