import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { sendTestEmail } from './system.service.ts';

builder.mutationFields((t) => ({
  sendTestEmail: t.field({
    type: builder.objectRef<{ email: string }>('SendTestEmailPayload').implement({ fields: (f) => ({ email: f.exposeString('email') }) }),
    errors: mutationErrors,
    description: "Sends a test e-mail through the configured SMTP server to `email` or the viewer's address.",
    args: { input: t.arg({ type: builder.inputType('SendTestEmailInput', { fields: (f) => ({ email: f.string() }) }) }) },
    resolve: (_r, args, ctx) => sendTestEmail(ctx, { email: args.input?.email }),
  }),
}));
