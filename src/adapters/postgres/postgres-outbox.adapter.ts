import type { Outbox } from '@/ports/outbox.port';
import { MAIL_KINDS, type MailKind } from '@/domain/mail/mail-message';
import type { PendingMail } from '@/domain/mail/outbox';
import { LEDGER_KEEP_MS, type SentRecord } from '@/domain/mail/recipient-limits';

/** What the adapter needs of a `pg` client or pool: one parameterized query. */
export interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * The Supabase backend's outbox (`private.mail_outbox`, supabase/migrations/…_mail.sql), read and
 * marked by the sender over a direct connection with the database's service credentials (never
 * the page's). The claim is the database's `private.claim_mail`: concurrent senders skip each
 * other's rows. Marks hold only under the sender's lease (`lease_until` as claimed); the
 * recipients' ledger is `private.mail_recipients` (…_mail_limits.sql).
 */
/** A stored kind as the domain names it (the database's check allows these three). */
const mailKindOf = (kind: unknown): MailKind =>
  (MAIL_KINDS as readonly unknown[]).includes(kind) ? (kind as MailKind) : 'welcome';

/**
 * A code message sent, or failed for good, keeps its recipient key and loses its typed address and
 * nonce (issue 59, supabase/migrations/20261128175000_mail_suppressions.sql): the privacy notice's promise.
 */
const FORGET_CODE_ADDRESS = `
             to_address = case when kind = 'code' then null else to_address end,
             nonce = case when kind = 'code' then null else nonce end`;

export function createPostgresOutbox(db: Queryable): Outbox {
  return {
    async claim(limit, now, leaseUntil) {
      const { rows } = await db.query('select * from private.claim_mail($1, $2, $3)', [
        now,
        limit,
        leaseUntil,
      ]);
      return rows.map((r): PendingMail => ({
        id: String(r.id),
        kind: mailKindOf(r.kind),
        uid: String(r.user_id),
        joined: Number(r.joined_ms),
        to: String(r.email),
        name: typeof r.name === 'string' ? r.name : '',
        campus: typeof r.campus === 'string' ? r.campus : '',
        campusId: typeof r.campus_id === 'string' ? r.campus_id : null,
        attempts: Number(r.attempts),
        inviteCode: typeof r.invite_code === 'string' ? r.invite_code : null,
        progress:
          (r.kind === 'welcome' || r.kind === 'milestone') && typeof r.threshold === 'number'
            ? {
                verified: typeof r.verified === 'number' ? r.verified : null,
                threshold: r.threshold,
              }
            : null,
        milestone: typeof r.milestone === 'number' ? r.milestone : null,
        nonce: typeof r.nonce === 'string' ? r.nonce : null,
        expiresAt:
          r.expires_ms === null || r.expires_ms === undefined ? null : Number(r.expires_ms),
      }));
    },
    async markSent(id, { at, leaseUntil, recipient, kind }) {
      // The ledger first (the message went out, whoever holds it now), sends past LEDGER_KEEP_MS pruned
      // (an index on sent_at), and the mark only under this sender's lease.
      const { rows } = await db.query(
        `with ledger as (
           insert into private.mail_recipients (recipient, message_id, kind, sent_at)
           values ($3, $1, $4, $2) on conflict (recipient, message_id) do nothing
         ), pruned as (
           delete from private.mail_recipients
           where sent_at < $2::timestamptz - make_interval(secs => $6::bigint / 1000.0)
         ), mine as (
           update private.mail_outbox set status = 'sent', sent_at = $2, lease_until = null,
             last_error = null,${FORGET_CODE_ADDRESS},
             recipient = case when kind = 'code' then $3 else recipient end
           where id = $1 and status = 'pending' and lease_until = $5 returning 1
         )
         select exists (select 1 from mine) as ours`,
        [id, at, recipient, kind, leaseUntil, LEDGER_KEEP_MS],
      );
      return rows[0]?.ours === true;
    },
    async markFailed(id, { attempts, retryAt, error, leaseUntil }) {
      // Failed for good (no retry): a code message keeps its recipient key only.
      const { rows } = await db.query(
        `update private.mail_outbox set status = case when $3::timestamptz is null then 'failed' else 'pending' end,
           attempts = $2, due_at = coalesce($3, due_at), lease_until = null, last_error = $4${
             retryAt ? '' : `,${FORGET_CODE_ADDRESS}`
           }
         where id = $1 and status = 'pending' and lease_until = $5
         returning 1`,
        [id, attempts, retryAt, error, leaseUntil],
      );
      return rows.length === 1;
    },
    async isSuppressed(recipient) {
      const { rows } = await db.query(
        'select exists (select 1 from private.mail_suppressions where recipient = $1) as listed',
        [recipient],
      );
      return rows[0]?.listed === true;
    },
    async suppress(recipient, reason, at) {
      await db.query(
        `insert into private.mail_suppressions (recipient, reason, at) values ($1, $2, $3)
         on conflict (recipient) do nothing`,
        [recipient, reason, at],
      );
    },
    async sentTo(recipient, since) {
      const { rows } = await db.query(
        `select message_id, kind, sent_at from private.mail_recipients
         where recipient = $1 and sent_at >= $2 order by sent_at`,
        [recipient, since],
      );
      return rows.map((r): SentRecord => ({
        id: String(r.message_id),
        kind: mailKindOf(r.kind),
        at: new Date(r.sent_at as string | Date).getTime(),
      }));
    },
  };
}
