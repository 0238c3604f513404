import { builder } from '../../graphql/builder.ts';
import { can, isPermission, requireActor } from '../../policy.ts';
import { loginPublicKey } from './auth.service.ts';
import { menuFor, rightKeysOf, type RightNode } from './auth.rights.ts';

/** The viewer's language preference (also a field of every user). */
export const LanguageEnum = builder.enumType('Language', {
  description: 'Language preference. Legacy values: 1 English, anything else Chinese (stored as 0).',
  values: { ZH: { value: 0, description: '0: Chinese (the default).' }, EN: { value: 1, description: '1: English.' } } as const,
});

export const DisplayTypeEnum = builder.enumType('DisplayType', {
  description: 'Where a right is shown. Legacy showType values: 1 PC, 2 mobile navigation, 3 mobile function.',
  values: {
    PC: { value: 1, description: '1: the desktop back office.' },
    MOBILE_NAV: { value: 2, description: '2: the mobile navigation.' },
    MOBILE_FUNCTION: { value: 3, description: '3: a mobile function.' },
  } as const,
});

export const MenuItem = builder.objectRef<RightNode>('MenuItem');
MenuItem.implement({
  description: 'A node of the menu (right) tree.',
  fields: (t) => ({
    databaseId: t.exposeInt('id', { description: 'The legacy numeric id of the right (rightIds in saveRoleRights).' }),
    key: t.exposeString('key', { description: 'Stable key for `can(right:)` checks.' }),
    path: t.string({ resolve: (r) => r.path ?? '', description: 'Route path; a placeholder when the right has none.' }),
    name: t.string({ description: 'The route name; empty when the right has none.', resolve: (r) => r.name ?? '' }),
    title: t.exposeString('title', { description: 'Chinese title.' }),
    titleEn: t.exposeString('titleEn', { description: 'English title.' }),
    localizedTitle: t.string({ description: "The title in the caller's language.", resolve: (r, _a, ctx) => (ctx.lang === 'en' ? r.titleEn : r.title) }),
    icon: t.exposeString('icon', { description: "Icon name of the client's menu.", nullable: true }),
    hidden: t.exposeBoolean('hidden', { description: 'Not shown in the menu (buttons and operation rights).' }),
    redirect: t.exposeString('redirect', { description: 'Where the route redirects, if anywhere.', nullable: true }),
    component: t.exposeString('component', { nullable: true, description: 'View component path of the client.' }),
    displayType: t.field({ description: 'Where the right is shown.', type: DisplayTypeEnum, resolve: (r) => r.showType as 1 | 2 | 3 }),
    children: t.field({ description: 'Child rights, in order.', type: [MenuItem], resolve: (r) => r.children }),
  }),
});

export type ViewerShape = { userId: number };

export const Viewer = builder.objectRef<ViewerShape>('Viewer').implement({
  description: 'The logged-in user and what they may do.',
  fields: (t) => ({
    user: t.prismaField({ description: 'The signed-in person.', type: 'User', resolve: (query, v, _a, ctx) => ctx.db.user.findUniqueOrThrow({ ...query, where: { id: v.userId } }) }),
    databaseId: t.int({ description: "The person's legacy numeric id.", resolve: (v) => v.userId }),
    roles: t.prismaField({
      description: 'The roles the person holds, by sort.',
      type: ['Role'],
      resolve: (query, v, _a, ctx) => ctx.db.role.findMany({ ...query, where: { users: { some: { userId: v.userId } } }, orderBy: { sort: 'asc' } }),
    }),
    language: t.field({ description: 'The language the person reads the back office in (setLanguage changes it).', type: LanguageEnum, resolve: (_v, _a, ctx) => (requireActor(ctx).language === 1 ? 1 : 0) }),
    timeZone: t.prismaField({
      type: 'SysTimeZone',
      nullable: true,
      description: "The user's time zone, shown in the header.",
      resolve: (query, _v, _a, ctx) => ctx.db.sysTimeZone.findUnique({ ...query, where: { name: requireActor(ctx).timeZone } }),
    }),
    menu: t.field({
      description: 'The rights the person holds of one display type, as a tree (the menu).',
      type: [MenuItem],
      args: { display: t.arg({ description: 'Which display type; default PC.', type: DisplayTypeEnum, defaultValue: 1 }) },
      resolve: (_v, args, ctx) => menuFor(ctx, args.display ?? 1),
    }),
    can: t.boolean({
      description:
        "Whether the viewer holds the right with this key. For a policy permission (an operation right such as `staff.edit`) the answer is the policy's own, so the client shows exactly what the server allows.",
      args: { right: t.arg.string({ description: 'A right key (for example project.manage or a menu key).', required: true }) },
      resolve: async (_v, args, ctx) => (isPermission(args.right) ? can(requireActor(ctx), args.right) : (await rightKeysOf(ctx)).has(args.right)),
    }),
    version: t.string({ description: "The server's version.", resolve: () => process.env.npm_package_version ?? '0.1.0' }),
  }),
});

builder.queryFields((t) => ({
  viewer: t.field({ description: 'The signed-in caller: who, their roles, language, time zone, menu and rights. Signed-in callers.', type: Viewer, resolve: (_root, _args, ctx) => ({ userId: requireActor(ctx).id }) }),
}));

builder.queryFields((t) => ({
  loginPublicKey: t.string({
    description: 'RSA public key (base64 DER) the old client encrypts passwords with before login. Open: no token needed.',
    skipTypeScopes: true,
    resolve: (_r, _a, ctx) => loginPublicKey(ctx),
  }),
}));
