import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { translate } from '../../i18n/catalogue.ts';
import { requireActor } from '../../policy.ts';
import { authenticate } from '../../auth/session.ts';
import { LanguageEnum, Viewer, type ViewerShape } from './auth.node.ts';
import { changePassword, login, logout, refreshToken, setLanguage, setTimeZone } from './auth.service.ts';

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
  fields: (t) => ({
    viewer: t.field({ type: Viewer, resolve: (v) => v }),
    user: t.prismaField({
      type: 'User',
      resolve: (query, v, _a, ctx) => ctx.db.user.findUniqueOrThrow({ ...query, where: { id: v.userId } }),
    }),
  }),
});

const LoginInput = builder.inputType('LoginInput', {
  fields: (t) => ({
    account: t.string({ required: true }),
    password: t.string({ required: true, description: 'Plain, or RSA-encrypted (PKCS#1 v1.5, base64) with `loginPublicKey`.' }),
  }),
});

builder.mutationFields((t) => ({
  login: t.field({
    type: TokenPayload,
    errors: mutationErrors,
    args: { input: t.arg({ type: LoginInput, required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const result = await login(ctx, input);
      const auth = await authenticate(ctx.db, result.token, { sessionMaxAgeSeconds: ctx.config.sessionMaxAgeSeconds });
      ctx.actor = auth.actor;
      if (auth.actor) ctx.lang = auth.actor.language === 1 ? 'en' : 'zh';
      return result;
    },
  }),
  refreshToken: t.field({
    type: TokenPayload,
    errors: mutationErrors,
    description:
      'Exchange a token (valid or expired within 14 days) for a new one, once; presenting a token already exchanged ends its whole session. A session lasts at most SESSION_MAX_AGE_SECONDS (30 days) from its login.',
    args: { input: t.arg({ type: builder.inputType('RefreshTokenInput', { fields: (f) => ({ token: f.string({ required: true }) }) }), required: true }) },
    resolve: async (_r, { input }, ctx) => {
      const result = await refreshToken(ctx, input.token);
      ctx.actor = (await authenticate(ctx.db, result.token, { sessionMaxAgeSeconds: ctx.config.sessionMaxAgeSeconds })).actor;
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
