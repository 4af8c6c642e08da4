-- Issue 51, items 1 and 3: what one mailbox may receive, and marks under a lease.
-- The sender's recipients' ledger (src/domain/mail/recipient-limits.ts): what went to each
-- mailbox, keyed by an HMAC of the mailbox under the sender's secret (never the address), kept
-- 30 days by the sender itself (src/adapters/postgres/postgres-outbox.adapter.ts prunes it). It
-- does not reference the account: it stays when a student leaves, which is what holds a welcome
-- to one per mailbox in 30 days however often an entry is deleted and made again.
create table private.mail_recipients (
  recipient text not null check (length(recipient) between 16 and 100),
  message_id text not null,
  kind text not null check (kind in ('welcome', 'launch')),
  sent_at timestamptz not null,
  primary key (recipient, message_id)
);
create index mail_recipients_sent on private.mail_recipients (sent_at);
revoke all on table private.mail_recipients from public, anon, authenticated;
