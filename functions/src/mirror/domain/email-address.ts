// Generated from src/domain/email-address.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * One person, one address (issue 51): two addresses are the same mailbox when they are the same
 * after lower-casing and dropping a `+tag` from the part before the '@'. `Ana.Garcia+2@UDG.mx`
 * and `ana.garcia@udg.mx` are one student: a count, a cap or a once-per-address rule reads the
 * mailbox, never the address as written. The one rule for every backend: the e-mails' sender
 * (functions/src/mirror/domain/ is a generated copy), the counts and the reports.
 * This module imports nothing: the Cloud Functions copy it as it is.
 */

/** Longest address (RFC 5321: 64 + 1 + 255, as SMTP paths allow 256 with the brackets). */
const MAX_ADDRESS_LENGTH = 320;

/**
 * The mailbox an address reaches: trimmed, lower-case, without a `+tag` (`ana+x@udg.mx` is
 * `ana@udg.mx`); null when it is no address (no single '@', nothing before or after it, a space
 * or a control character inside).
 */
export function mailboxOf(address: unknown): string | null {
  if (typeof address !== 'string') return null;
  const text = address.trim().toLowerCase();
  if (text.length > MAX_ADDRESS_LENGTH || /[\s\p{Cc}]/u.test(text)) return null;
  const at = text.indexOf('@');
  if (at < 1 || at !== text.lastIndexOf('@') || at === text.length - 1) return null;
  const local = text.slice(0, at).split('+')[0]!;
  return local ? `${local}${text.slice(at)}` : null;
}

/** Whether the address carries a `+tag` (operators see how many do: issue 51). */
export function hasPlusTag(address: unknown): boolean {
  if (typeof address !== 'string') return false;
  const at = address.lastIndexOf('@');
  return at > 0 && address.slice(0, at).includes('+');
}
