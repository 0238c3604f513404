import type { RestRoute } from '../../rest/adapter.ts';
import { BOTH } from '../../rest/adapter.ts';
import { withCondition } from '../../rest/params.ts';
import { formatDate } from '../../lib/wall-time.ts';
import { requireActor } from '../../policy.ts';
import { translate } from '../../i18n/catalogue.ts';
import { atDoor } from '../../lib/validate.ts';
import { changePassword, changePasswordInput, loginProfile, loginPublicKey, login, logout, refreshToken } from './auth.service.ts';
import { allRights, menuFor, parseShowType, type RightNode } from './auth.rights.ts';
import type { ServiceContext } from '../../context.ts';

const VERSION = process.env.npm_package_version ?? '0.1.0';

async function loginInfo(ctx: ServiceContext, token: string, userId: number) {
  const { user, roleCodes, zone, language } = await loginProfile(ctx, userId);
  return {
    token,
    user: {
      id: user.id,
      name: user.name,
      nameEn: user.nameEn,
      account: user.account,
      departId: user.departmentId,
      roles: roleCodes,
      timeZone: user.timeZone,
      timeZoneName: zone?.nameZh ?? user.timeZone,
      timeZoneEnName: zone?.nameEn ?? user.timeZone,
      birthday: formatDate(user.birthday),
      language,
    },
    facePath: null,
    version: VERSION,
    language,
  };
}

function rightJson(node: RightNode): unknown {
  return {
    id: node.id,
    parentId: node.parentId,
    key: node.key,
    path: node.path,
    name: node.name,
    title: node.title,
    titleEn: node.titleEn,
    icon: node.icon,
    hidden: node.hidden,
    redirect: node.redirect,
    component: node.component,
    showType: node.showType,
    sort: node.sort,
    children: node.children.map(rightJson),
  };
}

export const authRoutes: RestRoute[] = [
  {
    path: '/api/token/admin/doLogin',
    anonymous: true,
    methods: ['POST'],
    handler: async (ctx, req) => {
      const result = await login(ctx, req.params);
      const info = await loginInfo(ctx, result.token, result.userId);
      ctx.lang = info.language === 1 ? 'en' : 'zh';
      return { data: info };
    },
  },
  {
    path: '/api/access/token/refresh',
    anonymous: true,
    methods: ['POST'],
    handler: async (ctx, req) => {
      // The old client sends the token as a text body; JSON {"token": ...} is accepted too.
      const token = typeof req.params.token === 'string' ? req.params.token : (req.text ?? '');
      const result = await refreshToken(ctx, token);
      return { data: { token: result.token } };
    },
  },
  {
    path: '/api/admin/auth/logout',
    // An expired token logs out too (its session ends); the path reads no body.
    anonymous: true,
    methods: ['GET'],
    handler: async (ctx) => {
      await logout(ctx);
      return { message: translate(ctx.lang, 'auth.loggedOut') };
    },
  },
  {
    path: '/api/admin/auth/account/changeCurrentPwd',
    methods: BOTH,
    handler: async (ctx, req) => {
      const c = withCondition(req.params);
      await changePassword(ctx, atDoor(changePasswordInput, { oldPassword: c.oldPassword, password: c.password, confirmPassword: c.confirmPassword }));
      return { message: translate(ctx.lang, 'toast.passwordChanged') };
    },
  },
  {
    path: '/api/admin/auth/right/listRightByRoleId',
    methods: BOTH,
    handler: async (ctx, req) => {
      requireActor(ctx);
      const tree = await menuFor(ctx, parseShowType(withCondition(req.params).showType));
      return { data: tree.map(rightJson) };
    },
  },
  {
    path: '/api/admin/auth/right/listRightDataByTree',
    methods: BOTH,
    handler: async (ctx, req) => {
      const raw = withCondition(req.params).showType;
      const tree = await allRights(ctx, raw === undefined ? undefined : parseShowType(raw));
      return { data: tree.map(rightJson) };
    },
  },
  {
    path: '/api/admin/user/getPwdRsaPublicKey',
    anonymous: true,
    methods: ['GET'],
    handler: async (ctx) => ({ data: await loginPublicKey(ctx) }),
  },
];
