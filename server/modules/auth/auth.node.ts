import { builder } from '../../graphql/builder.ts';
import { can, isPermission, requireActor } from '../../policy.ts';
import { loginPublicKey } from './auth.service.ts';
import { menuFor, rightKeysOf, type RightNode } from './auth.rights.ts';

/** The viewer's language preference (also a field of every user). */
export const LanguageEnum = builder.enumType('Language', {
  description: 'Language preference. Legacy values: 1 English, anything else Chinese (stored as 0).',
  values: { ZH: { value: 0 }, EN: { value: 1 } } as const,
});

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
    path: t.string({ resolve: (r) => r.path ?? '', description: 'Route path; a placeholder when the right has none.' }),
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

export type ViewerShape = { userId: number };

export const Viewer = builder.objectRef<ViewerShape>('Viewer').implement({
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
        "Whether the viewer holds the right with this key. For a policy permission (an operation right such as `staff.edit`) the answer is the policy's own, so the client shows exactly what the server allows.",
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

builder.queryFields((t) => ({
  loginPublicKey: t.string({
    description: 'RSA public key (base64 DER) the old client encrypts passwords with.',
    skipTypeScopes: true,
    resolve: (_r, _a, ctx) => loginPublicKey(ctx),
  }),
}));
