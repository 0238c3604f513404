import { DomainError, ValidationError } from '../errors.ts';
import { translate } from '../i18n/catalogue.ts';
import { builder } from './builder.ts';

/** Every expected failure implements this interface: a stable code and a translated message. */
export const ErrorInterface = builder.interfaceRef<DomainError>('Error').implement({
  description:
    "An expected failure answered as data by a mutation: nothing was written. Implemented by `InputError` (validation) and `RuleError` (a rule or a right). Branch on `code`; show `message`, which is in the caller's language (docs/integrators.md lists the codes).",
  fields: (t) => ({
    code: t.exposeString('code', {
      description: 'Stable machine-readable code: INVALID_INPUT (or a more precise input code) for an InputError; FORBIDDEN, NOT_FOUND or a rule code such as BAD_CREDENTIALS for a RuleError.',
    }),
    message: t.string({
      description: "What went wrong, for a person: translated into the caller's language (Chinese by default, English when chosen).",
      resolve: (err, _args, ctx) => translate(ctx.lang, err.messageKey, err.params),
    }),
  }),
});

builder.objectType(DomainError, {
  name: 'RuleError',
  description: 'A business rule or a missing right refused the request (codes such as FORBIDDEN, NOT_FOUND or a rule of the module); nothing was written.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof DomainError && !(value instanceof ValidationError),
});

builder.objectType(ValidationError, {
  name: 'InputError',
  description: 'The input did not pass validation (code INVALID_INPUT unless a more precise one is given); nothing was written. `message` names the field or the rule.',
  interfaces: [ErrorInterface],
  isTypeOf: (value) => value instanceof ValidationError,
});

/** The error types a mutation lists: input validation first, then rules. */
export const mutationErrors = { types: [ValidationError, DomainError] };
