import type { Outbox } from '@/ports/outbox.port';
import type { PendingMail } from '@/domain/mail/outbox';

/** What the adapter needs of a `pg` client or pool: one parameterized query. */
export interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * The Supabase backend's outbox (`private.mail_outbox`, supabase/migrations/…_mail.sql), read and
 * marked by the sender over a direct connection with the database's service credentials (never
 * the page's). The claim is the database's `private.claim_mail`: concurrent senders skip each
 * other's rows.
 */
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
        kind: r.kind === 'launch' ? 'launch' : 'welcome',
        uid: String(r.user_id),
        joined: Number(r.joined_ms),
        to: String(r.email),
        name: typeof r.name === 'string' ? r.name : '',
        campus: typeof r.campus === 'string' ? r.campus : '',
        attempts: Number(r.attempts),
        inviteCode: typeof r.invite_code === 'string' ? r.invite_code : null,
        progress:
          r.kind === 'welcome' && typeof r.threshold === 'number'
            ? {
                verified: typeof r.verified === 'number' ? r.verified : null,
                threshold: r.threshold,
              }
            : null,
      }));
    },
    async markSent(id, at) {
      await db.query(
        `update private.mail_outbox set status = 'sent', sent_at = $2, lease_until = null,
           last_error = null where id = $1`,
        [id, at],
      );
    },
    async markFailed(id, { attempts, retryAt, error }) {
      await db.query(
        `update private.mail_outbox set status = case when $3::timestamptz is null then 'failed' else 'pending' end,
           attempts = $2, due_at = coalesce($3, due_at), lease_until = null, last_error = $4
         where id = $1`,
        [id, attempts, retryAt, error],
      );
    },
  };
}
