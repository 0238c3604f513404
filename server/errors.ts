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
