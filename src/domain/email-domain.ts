/**
 * Whether an e-mail address belongs to a university (issue 28: verified students). The rule is
 * the same on every backend (the memory adapter calls it, the Cloud Functions use this file
 * copied into functions/src/mirror/domain/, the Supabase function private.email_in_domains repeats it in
 * SQL, and tests hold the two equal): the address's
 * domain is one of the campus's e-mail domains or a subdomain of one, compared without case.
 * Anything unusual is refused rather than guessed at: a trailing dot, an empty label, a character
 * outside letters, digits and hyphens, a second '@'. So `ana@alumnos.udg.mx` and
 * `ana@cucei.alumnos.udg.mx` belong to `alumnos.udg.mx`; `ana@alumnos.udg.mx.example.com`,
 * `ana@xalumnos.udg.mx` and `ana@alumnos.udg.mx.` do not, and neither does the +tag alias
 * `ana+2@alumnos.udg.mx` (issue 51).
 */
import { hasPlusTag } from './email-address';

/** Longest domain (RFC 1035). */
const MAX_DOMAIN_LENGTH = 253;

/**
 * Two or more DNS labels of ASCII letters, digits and inner hyphens (at most 63 characters each),
 * joined by single dots. Checked before lowercasing: a character that lowercases to ASCII (the
 * Kelvin sign to 'k') is refused, never read as the letter it resembles.
 */
const DOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

/** A domain written as the rule reads it: lowercase labels joined by single dots, or null. */
export function normalizeDomain(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > MAX_DOMAIN_LENGTH || !DOMAIN.test(value)) {
    return null;
  }
  return value.toLowerCase();
}

/** The domain of an e-mail address (after its one '@'), normalized; null when it has none. */
export function emailDomain(email: unknown): string | null {
  if (typeof email !== 'string') return null;
  const at = email.indexOf('@');
  if (at < 1 || at !== email.lastIndexOf('@')) return null;
  return normalizeDomain(email.slice(at + 1));
}

/**
 * Whether the address's domain is one of `domains` or a subdomain of one, and the address is its
 * own mailbox (issue 51: one person, one count): `ana+2@alumnos.udg.mx` reaches the mailbox of
 * `ana@alumnos.udg.mx` (src/domain/email-address.ts, mailboxOf), so a +tag alias never counts.
 * Case needs no rule here: the providers keep one account per address, lower-cased.
 */
export function emailInDomains(email: unknown, domains: readonly string[]): boolean {
  if (hasPlusTag(email)) return false;
  const domain = emailDomain(email);
  if (!domain) return false;
  return domains.some((d) => {
    const allowed = normalizeDomain(d);
    return allowed !== null && (domain === allowed || domain.endsWith(`.${allowed}`));
  });
}
