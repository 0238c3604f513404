import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { translate } from '../../i18n/catalogue.ts';
import { can, isPermission, requireActor } from '../../policy.ts';
import { LanguageEnum, RoleNode, UserNode } from '../users/users.node.ts';
import { changePassword, login, loginPublicKey, logout, refreshToken, setLanguage, setTimeZone } from './auth.service.ts';
import { menuFor, rightKeysOf, type RightNode } from './rights.service.ts';
import { authenticate } from '../../auth/session.ts';

export const DisplayTypeEnum = builder.enumType('DisplayType', {
  description: 'Where a right is shown. Legacy showType values: 1 PC, 2 mobile navigation, 3 mobile function.',
  values: { PC: { value: 1 }, MOBILE_NAV: { value: 2 }, MOBILE_FUNCTION: { value: 3 } } as const,
});

export const MenuItem = builder.objectRef<RightNode>('MenuItem');
MenuItem.implement({
  description: 'A node of the menu (right) tree.',
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    key: t.exposeString('key', { description: 'Stable key for `can(right:)` checks.' }),
    path: t.string({ resolve: (r) => r.path ?? '' , description: 'Route path; a placeholder when the right has none.' }),
    name: t.string({ resolve: (r) => r.name ?? '' }),
    title: t.exposeString('title', { description: 'Chinese title.' }),
    titleEn: t.exposeString('titleEn'),
    localizedTitle: t.string({ resolve: (r, _a, ctx) => (ctx.lang === 'en' ? r.titleEn : r.title) }),
    icon: t.exposeString('icon', { nullable: true }),
    hidden: t.exposeBoolean('hidden'),
    redirect: t.exposeString('redirect', { nullable: true }),
    component: t.exposeString('component', { nullable: true, description: 'View component path of the client.' }),
    displayType: t.field({ type: DisplayTypeEnum, resolve: (r) => r.showType as 1 | 2 | 3 }),
    children: t.field({ type: [MenuItem], resolve: (r) => r.children }),
  }),
});

type ViewerShape = { userId: number };

const Viewer = builder.objectRef<ViewerShape>('Viewer').implement({
  description: 'The logged-in user and what they may do.',
  fields: (t) => ({
    user: t.prismaField({
      type: 'User',
      resolve: (query, v, _a, ctx) => ctx.db.user.findUniqueOrThrow({ ...query, where: { id: v.userId } }),
    }),
    databaseId: t.int({ resolve: (v) => v.userId }),
    roles: t.prismaField({
      type: ['Role'],
      resolve: (query, v, _a, ctx) => ctx.db.role.findMany({ ...query, where: { users: { some: { userId: v.userId } } }, orderBy: { sort: 'asc' } }),
    }),
    language: t.field({ type: LanguageEnum, resolve: (_v, _a, ctx) => (requireActor(ctx).language === 1 ? 1 : 0) }),
    timeZone: t.prismaField({
      type: 'SysTimeZone',
      nullable: true,
      description: "The user's time zone, shown in the header.",
      resolve: (query, _v, _a, ctx) => ctx.db.sysTimeZone.findUnique({ ...query, where: { name: requireActor(ctx).timeZone } }),
    }),
    menu: t.field({
      type: [MenuItem],
      args: { display: t.arg({ type: DisplayTypeEnum, defaultValue: 1 }) },
      resolve: (_v, args, ctx) => menuFor(ctx, args.display ?? 1),
    }),
    can: t.boolean({
      description:
        'Whether the viewer holds the right with this key. For a policy permission (an operation right such as `staff.edit`) the answer is the policy\'s own, so the client shows exactly what the server allows.',
      args: { right: t.arg.string({ required: true }) },
      resolve: async (_v, args, ctx) => (isPermission(args.right) ? can(requireActor(ctx), args.right) : (await rightKeysOf(ctx)).has(args.right)),
    }),
    version: t.string({ resolve: () => process.env.npm_package_version ?? '0.1.0' }),
  }),
});

builder.queryFields((t) => ({
  viewer: t.field({
    type: Viewer,
    resolve: (_root, _args, ctx) => ({ userId: requireActor(ctx).id }),
  }),
}));

const TokenPayload = builder.objectRef<{ token: string; expiresAt: Date; userId: number }>('TokenPayload').implement({
  description: 'A new access token. Send it as `X-Token` or `Authorization: Bearer`.',
  fields: (t) => ({
    token: t.exposeString('token'),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    viewer: t.field({ type: Viewer, resolve: (p) => ({ userId: p.userId }) }),
  }),
});

const SuccessPayload = builder.objectRef<{ success: boolean; message: string }>('SuccessPayload').implement({
  fields: (t) => ({ success: t.exposeBoolean('success'), message: t.exposeString('message') }),
});

const ViewerPayload = builder.objectRef<ViewerShape>('ViewerPayload').implement({
  fields: (t) => ({ viewer: t.field({ type: Viewer, resolve: (v) => v }), user: t.prismaField({
    type: 'User',
    resolve: (query, v, _a, ctx) => ctx.db.user.findUniqueOrThrow({ ...query, where: { id: v.userId } }),
  }) }),
});

const LoginInput = builder.inputType('LoginInput', {
  fields: (t) => ({
    account: t.string({ required: true }),
    password: t.string({ required: true, description: 'Plain, or RSA-encrypted (PKCS#1 v1.5, base64) with `loginPublicKey`.' }),
  }),
});

builder.queryFields((t) => ({
  loginPublicKey: t.string({
    description: 'RSA public key (base64 DER) the old client encrypts passwords with.',
    skipTypeScopes: true,
    resolve: (_r, _a, ctx) => loginPublicKey(ctx),
  }),
}));

builder.mutationFields((t) => ({
  login: t.field({
    type: TokenPayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: LoginInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const result = await login(ctx, input);
      const auth = await authenticate(ctx.db, result.token);
      ctx.actor = auth.actor;
      if (auth.actor) ctx.lang = auth.actor.language === 1 ? 'en' : 'zh';
      return result;
    },
  }),
  refreshToken: t.field({
    type: TokenPayload,
    errors: mutationErrors,
    description: 'Exchange a token (valid or expired within 14 days) for a new one, once.',
    args: { input: t.arg({ type: builder.inputType('RefreshTokenInput', { fields: (f) => ({ token: f.string({ required: true }) }) }), required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const result = await refreshToken(ctx, input.token);
      ctx.actor = (await authenticate(ctx.db, result.token)).actor;
      return result;
    },
  }),
  logout: t.field({
    type: SuccessPayload,
    errors: mutationErrors,
    resolve: async (_r, _a, ctx) => ({ success: await logout(ctx), message: translate(ctx.lang, 'auth.loggedOut') }),
  }),
  changePassword: t.field({
    type: SuccessPayload,
    errors: mutationErrors,
    args: {
      input: t.arg({
        required: true,
        type: builder.inputType('ChangePasswordInput', {
          fields: (f) => ({
            oldPassword: f.string({ required: true }),
            password: f.string({ required: true, description: '8 to 24 characters, at least three of digit, lower-case, upper-case, special.' }),
            confirmPassword: f.string({ description: 'When given, must equal `password`.' }),
          }),
        }),
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ success: await changePassword(ctx, input), message: translate(ctx.lang, 'toast.passwordChanged') }),
  }),
  setLanguage: t.field({
    type: ViewerPayload,
    errors: mutationErrors,
    args: { input: t.arg({ required: true, type: builder.inputType('SetLanguageInput', { fields: (f) => ({ language: f.field({ type: LanguageEnum, required: true }) }) }) }) },
    resolve: async (_r, { input }, ctx) => {
      await setLanguage(ctx, input.language);
      const actor = requireActor(ctx);
      actor.language = input.language;
      return { userId: actor.id };
    },
  }),
  setTimeZone: t.field({
    type: ViewerPayload,
    errors: mutationErrors,
    args: { input: t.arg({ required: true, type: builder.inputType('SetTimeZoneInput', { fields: (f) => ({ timeZone: f.string({ required: true, description: 'IANA name, for example Asia/Shanghai.' }) }) }) }) },
    resolve: async (_r, { input }, ctx) => {
      const zone = await setTimeZone(ctx, input.timeZone);
      const actor = requireActor(ctx);
      actor.timeZone = zone;
      return { userId: actor.id };
    },
  }),
}));

export { RoleNode, UserNode };
