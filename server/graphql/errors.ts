import { DomainError, ValidationError } from '../errors.ts';
import { translate } from '../i18n/catalogue.ts';
import { builder } from './builder.ts';

/** Every expected failure implements this interface: a stable code and a translated message. */
export const ErrorInterface = builder.interfaceRef<DomainError>('Error').implement({
  description: "An expected failure: a rule refused the request. `message` is in the caller's language.",
  fields: (t) => ({
    code: t.exposeString('code', { description: 'Stable machine-readable code, for example BAD_CREDENTIALS.' }),
    message: t.string({ resolve: (err, _args, ctx) => translate(ctx.lang, err.messageKey, err.params) }),
  }),
});

builder.objectType(DomainError, {
  name: 'RuleError',
  description: 'A business rule or permission refused the request.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof DomainError && !(value instanceof ValidationError),
});

builder.objectType(ValidationError, {
  name: 'InputError',
  description: 'The input did not pass validation.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ValidationError,
});

/** The error types a mutation lists: input validation first, then rules. */
export const mutationErrors = { types: [ValidationError, DomainError] };
