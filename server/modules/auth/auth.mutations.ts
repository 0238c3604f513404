import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { translate } from '../../i18n/catalogue.ts';
import { requireActor } from '../../policy.ts';
import { authenticate } from '../../session/session.ts';
import { LanguageEnum, Viewer, type ViewerShape } from './auth.node.ts';
import { atDoor } from '../../lib/validate.ts';
import { changePassword, changePasswordInput, login, logout, mySessions, refreshToken, revokeSession, revokeSessionInput, setLanguage, setTimeZone, type LoginSessionRow } from './auth.service.ts';

const TokenPayload = builder.objectRef<{ token: string; expiresAt: Date; userId: number }>('TokenPayload').implement({
  description: 'A new access token. Send it as `X-Token` or `Authorization: Bearer`.',
  fields: (t) => ({
    token: t.exposeString('token', {
      description: 'The access token: send it as `X-Token: <token>` or `Authorization: Bearer <token>`. Valid until expiresAt; then refreshable with refreshToken for 14 days more (server settings).',
    }),
    expiresAt: t.expose('expiresAt', { description: 'When the token stops being accepted (instant; 2 hours after it was issued by default).', type: 'DateTime' }),
    viewer: t.field({ description: 'Who the token belongs to.', type: Viewer, resolve: (p) => ({ userId: p.userId }) }),
  }),
});

const SuccessPayload = builder.objectRef<{ success: boolean; message: string }>('SuccessPayload').implement({
  description: 'Whether it worked, and a message to show.',
  fields: (t) => ({ success: t.exposeBoolean('success', { description: 'It worked.' }), message: t.exposeString('message', { description: "A confirmation in the caller's language." }) }),
});

const ViewerPayload = builder.objectRef<ViewerShape>('ViewerPayload').implement({
  description: 'The caller after the change.',
  fields: (t) => ({
    viewer: t.field({ description: "The caller's viewer.", type: Viewer, resolve: (v) => v }),
    user: t.prismaField({ description: "The caller's person.", type: 'User', resolve: (query, v, _a, ctx) => ctx.db.user.findUniqueOrThrow({ ...query, where: { id: v.userId } }) }),
  }),
});

const LoginInput = builder.inputType('LoginInput', {
  description: 'An account and its password.',
  fields: (t) => ({
    account: t.string({ description: 'The login account (any case).', required: true }),
    password: t.string({ required: true, description: 'Plain, or RSA-encrypted (PKCS#1 v1.5, base64) with `loginPublicKey`.' }),
  }),
});

const LoginSession = builder.objectRef<LoginSessionRow>('LoginSession').implement({
  description: "One of the caller's sign-ins: a login and the tokens refreshed from it.",
  fields: (t) => ({
    sessionId: t.exposeString('id', { description: 'The session id (pass it to revokeSession). Not a global object id: a session is not refetched through node(id:).' }),
    startedAt: t.expose('startedAt', { description: 'When the login happened (instant).', type: 'DateTime' }),
    lastActiveAt: t.expose('lastActiveAt', { description: 'When its newest token was issued: the login or the last refresh (instant).', type: 'DateTime' }),
    origin: t.exposeString('origin', { description: 'The client it signed in from (X-Origin: PC, mobile...), as sent.', nullable: true }),
    address: t.exposeString('address', { description: 'The network address it signed in from.', nullable: true }),
    current: t.exposeBoolean('current', { description: 'Whether this request belongs to it.' }),
  }),
});

const RevokeSessionPayload = builder.objectRef<{ sessionId: string }>('RevokeSessionPayload').implement({
  description: 'The session ended and the ones left.',
  fields: (t) => ({
    revokedSessionId: t.exposeString('sessionId', { description: 'The session that was ended.' }),
    sessions: t.field({ description: "The caller's sessions now.", type: [LoginSession], resolve: (_p, _a, ctx) => mySessions(ctx) }),
  }),
});

builder.queryFields((t) => ({
  mySessions: t.field({
    description: "The caller's sign-ins still alive, the latest first. Signed-in callers.",
    type: [LoginSession],
    authScopes: { authenticated: true },
    resolve: (_r, _a, ctx) => mySessions(ctx),
  }),
}));

builder.mutationFields((t) => ({
  revokeSession: t.field({
    description:
      "Ends one of the caller's other sign-ins (its tokens stop working at once). Signed-in callers. Errors: CANNOT_REVOKE_CURRENT (the session of this request: log out instead), NOT_FOUND (not the caller's, or already ended), INVALID_INPUT.",
    type: RevokeSessionPayload,
    errors: mutationErrors,
    args: {
      input: t.arg({
        description: 'The session.',
        required: true,
        type: builder.inputType('RevokeSessionInput', { description: 'A session of the caller.', fields: (f) => ({ sessionId: f.string({ description: 'The session id (LoginSession.sessionId).', required: true }) }) }),
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ sessionId: await revokeSession(ctx, atDoor(revokeSessionInput, input)) }),
  }),
}));

builder.mutationFields((t) => ({
  login: t.field({
    description:
      'Signs in with an account and password and answers a new access token (open: no token needed). Repeated failures from one address or for one account are throttled. Errors: BAD_CREDENTIALS (unknown account or wrong password, the same answer), ACCOUNT_DEACTIVATED, LOGIN_THROTTLED (wait the seconds the message names), INVALID_INPUT.',
    type: TokenPayload,
    errors: mutationErrors,
    args: { input: t.arg({ description: 'The account and password.', type: LoginInput, required: true }) },
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
      "Exchanges a token (valid, or expired but within its refresh window: 14 days after expiresAt by default) for a new one; the old token is revoked, so each token refreshes once. Presenting a token already exchanged ends its whole session (reuse detection; a 10-second grace covers two tabs refreshing at once). A session lasts at most SESSION_MAX_AGE_SECONDS (30 days) from its login. Open: the token goes in the input. Errors: TOKEN_INVALID (unknown, revoked, past the window or the session's end, or the account is deactivated: sign in again), TOKEN_REUSED (the token was already exchanged: the session is ended).",
    args: {
      input: t.arg({
        description: 'The token to exchange.',
        type: builder.inputType('RefreshTokenInput', {
          description: 'A token to exchange.',
          fields: (f) => ({ token: f.string({ description: 'The current token (it may have expired within the refresh window).', required: true }) }),
        }),
        required: true,
      }),
    },
    resolve: async (_r, { input }, ctx) => {
      const result = await refreshToken(ctx, input.token);
      ctx.actor = (await authenticate(ctx.db, result.token, { sessionMaxAgeSeconds: ctx.config.sessionMaxAgeSeconds })).actor;
      return result;
    },
  }),
  logout: t.field({
    description: 'Revokes the token the request was sent with (even an expired one). Errors: TOKEN_INVALID (unknown or already revoked).',
    type: SuccessPayload,
    errors: mutationErrors,
    resolve: async (_r, _a, ctx) => ({ success: await logout(ctx), message: translate(ctx.lang, 'auth.loggedOut') }),
  }),
  changePassword: t.field({
    description:
      "Changes the caller's own password; the caller's other sessions are ended (the token of this request stays valid). Signed-in callers. Errors: REQUIRED (old password), WRONG_PASSWORD, PASSWORD_RULES (length, classes, same as the old), PASSWORD_MISMATCH (confirmation).",
    type: SuccessPayload,
    errors: mutationErrors,
    args: {
      input: t.arg({
        description: 'The old and the new password.',
        required: true,
        type: builder.inputType('ChangePasswordInput', {
          description: "The caller's old and new password.",
          fields: (f) => ({
            oldPassword: f.string({ description: 'The current password.', required: true }),
            password: f.string({ required: true, description: '8 to 24 characters, at least three of digit, lower-case, upper-case, special.' }),
            confirmPassword: f.string({ description: 'When given, must equal `password`.' }),
          }),
        }),
      }),
    },
    resolve: async (_r, { input }, ctx) => ({ success: await changePassword(ctx, atDoor(changePasswordInput, input)), message: translate(ctx.lang, 'toast.passwordChanged') }),
  }),
  setLanguage: t.field({
    description: "Sets the caller's language; every message after it is in that language. Signed-in callers. Errors: INVALID_LANGUAGE.",
    type: ViewerPayload,
    errors: mutationErrors,
    args: {
      input: t.arg({
        description: 'The language.',
        required: true,
        type: builder.inputType('SetLanguageInput', {
          description: 'A language to read the back office in.',
          fields: (f) => ({ language: f.field({ description: 'Chinese or English.', type: LanguageEnum, required: true }) }),
        }),
      }),
    },
    resolve: async (_r, { input }, ctx) => {
      await setLanguage(ctx, input.language);
      const actor = requireActor(ctx);
      actor.language = input.language;
      return { userId: actor.id };
    },
  }),
  setTimeZone: t.field({
    description: "Sets the caller's time zone (IANA): wall times are shown and read in it. Signed-in callers. Errors: UNKNOWN_TIME_ZONE.",
    type: ViewerPayload,
    errors: mutationErrors,
    args: {
      input: t.arg({
        description: 'The time zone.',
        required: true,
        type: builder.inputType('SetTimeZoneInput', { description: 'A time zone for the caller.', fields: (f) => ({ timeZone: f.string({ required: true, description: 'IANA name, for example Asia/Shanghai.' }) }) }),
      }),
    },
    resolve: async (_r, { input }, ctx) => {
      const zone = await setTimeZone(ctx, input.timeZone);
      const actor = requireActor(ctx);
      actor.timeZone = zone;
      return { userId: actor.id };
    },
  }),
}));
