import { builder } from '../../graphql/builder.ts';
import { mutationErrors } from '../../graphql/errors.ts';
import { atDoor } from '../../lib/validate.ts';
import { sendTestEmail, sendTestEmailInput } from './system.service.ts';

builder.mutationFields((t) => ({
  sendTestEmail: t.field({
    type: builder
      .objectRef<{ email: string }>('SendTestEmailPayload')
      .implement({ description: 'Where the test e-mail went.', fields: (f) => ({ email: f.exposeString('email', { description: 'The address it was sent to.' }) }) }),
    errors: mutationErrors,
    description:
      "Sends a test e-mail through the configured SMTP server to `email` or the caller's address. Rights: mail.test (administrators). Errors: MAIL_NOT_CONFIGURED, MAIL_FAILED, NO_EMAIL, FORBIDDEN, INVALID_INPUT.",
    args: {
      input: t.arg({
        description: 'Optional: the address to send to.',
        type: builder.inputType('SendTestEmailInput', { description: 'Where to send the test e-mail.', fields: (f) => ({ email: f.string({ description: "The address; default the caller's own." }) }) }),
      }),
    },
    resolve: (_r, args, ctx) => sendTestEmail(ctx, atDoor(sendTestEmailInput, { email: args.input?.email })),
  }),
}));
