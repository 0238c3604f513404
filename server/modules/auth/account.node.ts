import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { RoleNode, UserNode } from '../users/users.node.ts';
import { saveAuthUserAccount, sendTestEmail } from './account.service.ts';

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
    resolve: (_r, { input }, ctx) =>
      saveAuthUserAccount(ctx, { userId: input.userId.id, account: input.account, password: input.password, roleIds: input.roleIds?.map((g) => g.id) }),
  }),
  sendTestEmail: t.field({
    type: builder.objectRef<{ email: string }>('SendTestEmailPayload').implement({ fields: (f) => ({ email: f.exposeString('email') }) }),
    errors: mutationErrors,
    description: "Sends a test e-mail through the configured SMTP server to `email` or the viewer's address.",
    args: { input: t.arg({ type: builder.inputType('SendTestEmailInput', { fields: (f) => ({ email: f.string() }) }) }) },
    resolve: (_r, args, ctx) => sendTestEmail(ctx, { email: args.input?.email }),
  }),
}));
