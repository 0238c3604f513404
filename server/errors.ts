import type { MessageKey } from './i18n/catalogue.ts';

/**
 * An expected failure: a rule refused the request. Services throw it; the GraphQL door
 * returns it as a typed error, the legacy door in the envelope, both translated.
 */
export class DomainError extends Error {
  readonly code: string;
  readonly messageKey: MessageKey;
  readonly params: Record<string, string | number> | undefined;
  /** Legacy envelope status: most refusals are `error`, soft ones `warn`; a dead session `needUserLogin`. */
  readonly status: 'error' | 'warn' | 'needUserLogin';

  constructor(code: string, messageKey: MessageKey, params?: Record<string, string | number>, status: 'error' | 'warn' | 'needUserLogin' = 'error') {
    super(messageKey);
    this.name = 'DomainError';
    this.code = code;
    this.messageKey = messageKey;
    this.params = params;
    this.status = status;
  }
}

/** The caller is not authenticated (no, unknown or revoked token), or the token expired. */
export class AuthenticationError extends Error {
  readonly reason: 'NEED_LOGIN' | 'TOKEN_EXPIRED';
  constructor(reason: 'NEED_LOGIN' | 'TOKEN_EXPIRED') {
    super(reason);
    this.name = 'AuthenticationError';
    this.reason = reason;
  }
}

export class ForbiddenError extends DomainError {
  constructor() {
    super('FORBIDDEN', 'error.forbidden');
  }
}

export class NotFoundError extends DomainError {
  constructor() {
    super('NOT_FOUND', 'error.notFound');
  }
}

/** Input that failed validation; `detail` names the field. */
export class ValidationError extends DomainError {
  constructor(messageKey: MessageKey, params?: Record<string, string | number>, code = 'INVALID_INPUT') {
    super(code, messageKey, params);
  }
}

/** Error codes, each with the catalogue keys of the messages it is thrown with. */
type CodeList = Readonly<Record<string, readonly MessageKey[]>>;

/** What `defineErrors` keeps: a module's refusal codes and input codes. */
export type ErrorCodes = { readonly rule: CodeList; readonly input: CodeList };

/**
 * A module's error codes in one place (`server/modules/<m>/<m>.errors.ts`): `rule` lists the
 * codes of its refusals (DomainError, answered as RuleError), `input` the codes of its
 * ValidationErrors (answered as InputError), each with the catalogue keys of its messages.
 * `rule(code, key)` makes a refusal; a code, or a key for that code, that the list does not hold
 * does not compile. tests/unit/error-codes.test.ts fails on a code thrown anywhere that no list
 * holds.
 */
export function defineErrors<const R extends CodeList, const I extends CodeList = Record<never, never>>(list: { rule: R; input?: I }) {
  return {
    list: { rule: list.rule, input: (list.input ?? {}) as I },
    rule<C extends keyof R & string>(code: C, messageKey: R[C][number], params?: Record<string, string | number>, status?: DomainError['status']): DomainError {
      return new DomainError(code, messageKey, params, status);
    },
  };
}

/** The core's own codes (this file, server/lib, server/rest, server/graphql). */
export const coreErrors = defineErrors({
  rule: {
    FORBIDDEN: ['error.forbidden'],
    NOT_FOUND: ['error.notFound', 'export.gone'],
    MAIL_NOT_CONFIGURED: ['org.mailNotConfigured'],
    MAIL_FAILED: ['org.mailFailed'],
    // XlsxRowsError (server/lib/xlsx.ts): the importing module names the message.
    IMPORT_ROWS_INVALID: [],
    // UploadError (server/lib/upload.ts).
    UPLOAD_MISSING: ['upload.missing'],
    UPLOAD_EMPTY: ['upload.empty'],
    UPLOAD_TOO_LARGE: ['upload.tooLarge'],
    UPLOAD_TYPE_NOT_ALLOWED: ['upload.typeNotAllowed'],
    UPLOAD_UNSAFE_ARCHIVE: ['upload.unsafeArchive'],
    // Exports as jobs (server/jobs/exports.ts): the synchronous doors' answers.
    EXPORT_RUNNING: ['export.stillRunning', 'export.failed'],
    EXPORT_FAILED: ['export.failed'],
  },
  input: {
    INVALID_INPUT: ['validation.invalid', 'validation.required', 'validation.tooLong', 'timeZone.unknown'],
    WRONG_TYPE: ['validation.invalid'],
    LIMIT_EXCEEDED: ['limit.listTooLong'],
    INVALID_DATE: ['validation.dateInvalid'],
    // cleanRichText (server/lib/html.ts): refused before cleaning.
    RICH_TEXT_TOO_COMPLEX: ['validation.richTextTooComplex'],
  },
});
