import nodemailer from 'nodemailer';
import type { MailTransport } from '../../ports/mail-transport.port';

/** Seconds the provider has to answer each step before the send counts as failed. */
const TIMEOUT_MS = 20_000;

export interface SmtpSettings {
  /**
   * The provider, as a URL kept in server-side secrets only (never a `VITE_*` variable):
   * `smtps://USER:PASSWORD@smtp.example.com:465`, or `smtp://…:587` (STARTTLS required).
   */
  readonly url: string;
  /** Connections kept open to the provider (default 4). */
  readonly connections?: number;
  /** Test servers only: accept a self-signed certificate. */
  readonly allowSelfSigned?: boolean;
}

/**
 * The mail provider over SMTP (issue 25): any transactional service or a university's own relay.
 * A 5xx answer about the recipient is a permanent failure (trying again cannot help); anything
 * else (down, refusing, timing out, a 4xx) is not.
 */
export function createSmtpTransport(settings: SmtpSettings): MailTransport & { close(): void } {
  const url = new URL(settings.url);
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new TypeError('SMTP_URL must be an smtp:// or smtps:// address');
  }
  const transporter = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port) || (url.protocol === 'smtps:' ? 465 : 587),
    secure: url.protocol === 'smtps:',
    // Plain smtp:// upgrades to TLS or fails, unless it is this machine (a test or local relay).
    requireTLS:
      url.protocol === 'smtp:' && !['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname),
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    pool: true,
    maxConnections: settings.connections ?? 4,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
    tls: settings.allowSelfSigned ? { rejectUnauthorized: false } : {},
  });
  return {
    async send(mail) {
      try {
        await transporter.sendMail({
          from: mail.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          messageId: mail.messageId,
          headers: mail.headers,
          textEncoding: 'quoted-printable',
        });
      } catch (error) {
        const { responseCode: code, command } = error as {
          responseCode?: unknown;
          command?: unknown;
        };
        // Only the recipient refused for good is permanent; a 5xx to the login or the sender is
        // the provider's set-up, which an operator fixes: those messages wait for the next run.
        const permanent = typeof code === 'number' && code >= 500 && command === 'RCPT TO';
        throw Object.assign(new Error(`SMTP send failed: ${(error as Error).message}`), {
          permanent,
        });
      }
    },
    close: () => transporter.close(),
  };
}
