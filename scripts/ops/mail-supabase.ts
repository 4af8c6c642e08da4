// The e-mails of the Supabase backend (issue 25), run by scripts/ops/mail-supabase.mjs
// (`npm run mail:supabase -- ...`):
//
//   secret                          makes the leave links' signing secret, once (kept in the
//                                   database, private.mail_settings: the sender reads it there)
//   send [--every SECONDS]          the sender: sends what is due (welcomes, launches, retries);
//                                   with --every, again and again (a small worker); else once.
//                                   Each pass first runs the console's scheduled launches now
//                                   due (private.run_due_launches, issue 61)
//   bounce-token                    prints the bounce endpoint's token (issue 59: a keyed digest
//                                   of the signing secret) and, with SUPABASE_URL, its address
//                                   (docs/operations.md, "Bounces and complaints")
//
// The launch of a campus is `npm run notify:campus:supabase` (scripts/ops/notify-campus.mjs: the
// operator console's own launch, which sends at once with sendOnce below); `notify` here says so.
//
// Connection: --db URL or SUPABASE_DB_URL (the postgres role: the service credentials, never the
// page's). Sending: SMTP_URL, MAIL_FROM and SITE_URL (src/adapters/smtp/mail-settings.ts) and
// SUPABASE_URL (the one-click endpoint: supabase/functions/salir).
import crypto from 'node:crypto';
import pg from 'pg';
import { createPostgresOutbox } from '../../src/adapters/postgres/postgres-outbox.adapter';
import { createSmtpTransport } from '../../src/adapters/smtp/smtp-transport.adapter';
import { CAMPUS_PAGE_IDS } from '../../src/data/campus-pages';
import { deliverOutbox, type DeliveryReport } from '../../src/domain/mail/deliver-outbox';
import { MIN_SECRET_LENGTH } from '../../src/domain/mail/leave-token';
import { bounceToken } from '../../src/domain/mail/suppression';
import { parseMailSettings } from '../../src/adapters/smtp/mail-settings';

export const USAGE =
  'Usage: npm run mail:supabase -- secret | send [--every SECONDS] | bounce-token   [--db URL]';

/** What `notify` (the launch, before issue 61's console) became. */
const NOTIFY_MOVED =
  'The launch of a campus is npm run notify:campus:supabase -- --campus ID [--dry-run | --at ' +
  "YYYY-MM-DDTHH:mm | --cancel] (the operator console's own launch, logged).";

type Env = Readonly<Record<string, string | undefined>>;

class UsageError extends Error {}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--'))
    throw new UsageError(`--${name} needs a value`);
  return value;
}

/** The one-click endpoint (RFC 8058) of a Supabase project: its Edge Function `salir`. */
export const oneClickUrlOf = (supabaseUrl: string) => (token: string) =>
  `${supabaseUrl.replace(/\/+$/, '')}/functions/v1/salir?token=${encodeURIComponent(token)}`;

/** Sends what is due, once, over SMTP: what happened. */
export async function sendDue(db: pg.Pool, env: Env): Promise<DeliveryReport> {
  const parsed = parseMailSettings(env);
  const problems = parsed.ok ? [] : [...parsed.problems];
  if (!env.SUPABASE_URL?.startsWith('http'))
    problems.push("SUPABASE_URL must be the project's address");
  if (!parsed.ok || problems.length) throw new UsageError(problems.join('\n'));
  const { rows } = await db.query('select token_secret from private.mail_settings');
  const secret = rows[0]?.token_secret as string | undefined;
  if (!secret) throw new UsageError('No signing secret yet: npm run mail:supabase -- secret');
  // The console's scheduled launches now due (issue 61): their messages queued, then sent below.
  await db.query('select private.run_due_launches()');
  const transport = createSmtpTransport({ url: parsed.settings.smtpUrl });
  try {
    return await deliverOutbox({
      outbox: createPostgresOutbox(db),
      transport,
      secret,
      from: parsed.settings.from,
      siteUrl: parsed.settings.siteUrl,
      oneClickUrl: oneClickUrlOf(env.SUPABASE_URL!),
      // The catalogue's campuses have a page (issue 60): their links land there.
      campusPage: (campusId) => CAMPUS_PAGE_IDS.has(campusId),
      concurrency: 8,
      batch: 200,
    });
  } finally {
    transport.close();
  }
}

const said = (r: DeliveryReport) =>
  `sent ${r.sent}, to retry ${r.retried}, failed for good ${r.failed}` +
  // The recipient rules at work (issue 51): each such message's last_error says which.
  (r.skipped ? `, skipped ${r.skipped} (a welcome within 30 days)` : '') +
  (r.deferred ? `, deferred ${r.deferred} (an address's daily cap)` : '') +
  (r.handedBack ? `, handed back ${r.handedBack}` : '') +
  (r.unmarked ? `, ${r.unmarked} gone or another sender's` : '') +
  (r.providerDown
    ? ' (the mail provider kept failing: stopped; the rest waits for the next run)'
    : '');

/**
 * Sends what is due, once, as `send` does (notify:campus's launch, scripts/ops/notify-campus/
 * supabase.mjs, right after recording it): the sender's line. A missing setting throws.
 */
export async function sendOnce(connectionString: string, env: Env = process.env): Promise<string> {
  const db = new pg.Pool({ connectionString, max: 4 });
  try {
    return said(await sendDue(db, env));
  } finally {
    await db.end();
  }
}

/** Runs one command; resolves with its exit status. */
export async function main(
  args: string[],
  env: Env = process.env,
  log = console.log,
): Promise<number> {
  const [command, ...rest] = args;
  try {
    if (command === 'notify') throw new UsageError(NOTIFY_MOVED);
    if (!['secret', 'send', 'bounce-token'].includes(command ?? '')) throw new UsageError(USAGE);
    const connectionString = option(rest, 'db') ?? env.SUPABASE_DB_URL;
    if (!connectionString)
      throw new UsageError(`Name the database: --db URL (or set SUPABASE_DB_URL).\n${USAGE}`);
    // A pool: the sender marks several messages at once (one connection would queue them).
    const db = new pg.Pool({ connectionString, max: 4 });
    try {
      if (command === 'secret') {
        const secret = crypto.randomBytes(32).toString('base64url');
        if (secret.length < MIN_SECRET_LENGTH) throw new Error('short secret');
        const { rowCount } = await db.query(
          'insert into private.mail_settings (token_secret) values ($1) on conflict (id) do nothing',
          [secret],
        );
        log(
          rowCount
            ? 'Made the signing secret (private.mail_settings).'
            : 'The signing secret is already set: kept.',
        );
        return 0;
      }
      if (command === 'bounce-token') {
        const { rows } = await db.query('select token_secret from private.mail_settings');
        const secret = rows[0]?.token_secret as string | undefined;
        if (!secret) throw new UsageError('No signing secret yet: npm run mail:supabase -- secret');
        log(`Bounce token: ${await bounceToken(secret)}`);
        if (env.SUPABASE_URL)
          log(`Endpoint: POST ${env.SUPABASE_URL}/rest/v1/rpc/report_mail_bounce`);
        return 0;
      }
      const every = option(rest, 'every');
      if (every !== undefined && !(Number(every) >= 10))
        throw new UsageError('--every takes seconds, at least 10');
      for (;;) {
        log(said(await sendDue(db, env)));
        if (every === undefined) return 0;
        await new Promise((resolve) => setTimeout(resolve, Number(every) * 1000));
      }
    } finally {
      await db.end();
    }
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message);
      return 2;
    }
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
}
