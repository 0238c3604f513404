import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import { coreErrors, DomainError } from '../errors.ts';
import { logger } from '../logger.ts';

/**
 * Outgoing mail through the SMTP server named by `SMTP_URL` (nodemailer URL syntax:
 * `smtp://user:pass@host:587`, `smtps://...:465`). Without it every send is refused with a
 * clear message. The URL holds credentials: it is never logged, only its host.
 */
export type MailMessage = { to: string; subject: string; text: string };

export class MailNotConfiguredError extends DomainError {
  constructor() {
    super('MAIL_NOT_CONFIGURED', 'org.mailNotConfigured');
  }
}

const transports = new Map<string, Transporter>();

function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    const u = new URL(url);
    const secure = u.protocol === 'smtps:';
    transport = nodemailer.createTransport({
      host: u.hostname,
      port: u.port ? Number(u.port) : secure ? 465 : 587,
      secure,
      ...(u.username ? { auth: { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } } : {}),
      // A local relay (tests, a sidecar) needs no TLS; `?tls=off` says so.
      ...(u.searchParams.get('tls') === 'off' ? { ignoreTLS: true } : {}),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    transports.set(url, transport);
  }
  return transport;
}

/** Host and port of the SMTP URL, without credentials, for logs. */
export function smtpHost(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.hostname}${u.port ? `:${u.port}` : ''}`;
  } catch {
    return 'unparseable SMTP_URL';
  }
}

function senderOf(config: Config): string {
  if (config.mailFrom) return config.mailFrom;
  try {
    const user = decodeURIComponent(new URL(config.smtpUrl ?? '').username);
    if (user.includes('@')) return user;
  } catch {
    // fall through
  }
  return 'noreply@localhost';
}

/** Sends one message; throws MailNotConfiguredError or a DomainError MAIL_FAILED (details only in the log). */
export async function sendMail(config: Config, message: MailMessage): Promise<{ messageId: string }> {
  if (!config.smtpUrl) throw new MailNotConfiguredError();
  try {
    const info = await transportFor(config.smtpUrl).sendMail({ from: senderOf(config), to: message.to, subject: message.subject, text: message.text });
    return { messageId: String(info.messageId ?? '') };
  } catch (err) {
    // Never log the URL or the message body (it may hold a password).
    logger.warn('mail send failed', { smtp: smtpHost(config.smtpUrl), code: (err as { code?: string }).code ?? null, error: (err as Error).message?.slice(0, 200) });
    throw coreErrors.rule('MAIL_FAILED', 'org.mailFailed');
  }
}
