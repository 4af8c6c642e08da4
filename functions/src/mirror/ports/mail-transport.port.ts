// Generated from src/ports/mail-transport.port.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
import type { OutgoingMail } from '../domain/mail/outbox';

/** Hands a message to the mail provider (SMTP: src/adapters/smtp). Server-side only. */
export interface MailTransport {
  /**
   * Resolves once the provider accepted the message. Rejects otherwise; `permanent: true` on the
   * error when trying again cannot help (the address refused for good).
   */
  send(mail: OutgoingMail): Promise<void>;
}
