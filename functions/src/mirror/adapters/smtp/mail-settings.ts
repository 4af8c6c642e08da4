// Generated from src/adapters/smtp/mail-settings.ts by `npm run functions:copies -- --write`. Do not edit:
// tests/tooling/data/functions-copies.test.ts fails when the two disagree.
/**
 * The sender's settings (issue 25), from server-side secrets only: never a `VITE_*` variable,
 * which a build would put in the page. Each backend's sender reads them the same way:
 *
 *   SMTP_URL   smtps://USER:PASSWORD@smtp.example.com:465 (or smtp://…:587, STARTTLS)
 *   MAIL_FROM  De estudiantes a estudiantes <hola@example.mx>
 *   SITE_URL   https://example.mx (the /salir page of the links)
 *
 * This module imports nothing: the Cloud Functions copy it as it is.
 */
export interface MailSettings {
  readonly smtpUrl: string;
  readonly from: string;
  readonly siteUrl: string;
}

const LOCAL = /^(localhost|127(\.\d+){3}|\[::1\])$/;

/** The settings, or what is wrong with them (every problem, in English, for operators). */
export function parseMailSettings(
  env: Readonly<Record<string, string | undefined>>,
): { ok: true; settings: MailSettings } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  const smtpUrl = (env.SMTP_URL ?? '').trim();
  const from = (env.MAIL_FROM ?? '').trim();
  const site = (env.SITE_URL ?? '').trim().replace(/\/+$/, '');
  try {
    const url = new URL(smtpUrl);
    if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error();
  } catch {
    problems.push('SMTP_URL must be an smtp:// or smtps:// address');
  }
  if (!/^[^<>\r\n]*<[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+>$|^[^<>@\s]+@[^<>@\s]+\.[^<>@\s]+$/.test(from)) {
    problems.push('MAIL_FROM must be an address, with or without a name: Name <user@example.mx>');
  }
  try {
    const url = new URL(site);
    if (url.protocol !== 'https:' && !LOCAL.test(url.hostname)) throw new Error();
  } catch {
    problems.push("SITE_URL must be the site's https address");
  }
  return problems.length
    ? { ok: false, problems }
    : { ok: true, settings: { smtpUrl, from, siteUrl: site } };
}
