-- Issue 59 on Supabase, the mail's part: the keys the mail sender and the code ledger share, the
-- suppression list and its bounce endpoint, and a code message that keeps its typed address and
-- nonce only while it waits (src/domain/mail/suppression.ts, recipient-limits.ts):
--   - an address is keyed as the mail sender keys it (recipientKey: HMAC-SHA256 of
--     'recipient:' || mailbox under the signing secret, base64url): the code ledger
--     (20261128180000_email_verifications_code_sends.sql), the suppression list and a code
--     message share that key;
--   - the suppression list (private.mail_suppressions) holds recipient keys: the sender adds a
--     permanent refusal (src/adapters/postgres/postgres-outbox.adapter.ts), and the provider's
--     bounce or complaint notice comes through public.report_mail_bounce (anyone may call it with
--     the bounce token: bounceToken, HMAC-SHA256 of 'bounce-endpoint:v1' under the secret);
--   - a code message sent or failed for good keeps its recipient key and loses its address and
--     nonce.

-- ---------------------------------------------------------------------------------------------
-- The keys.
-- ---------------------------------------------------------------------------------------------

-- keyedDigest (src/domain/mail/leave-token.ts): HMAC-SHA256 of `text` under `secret`, base64url
-- (pgcrypto's hmac: private.hmac_sha256's result, without its loop in PL/pgSQL).
create function private.keyed_digest(secret text, text text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select private.base64url(extensions.hmac(convert_to(text, 'UTF8'), convert_to(secret, 'UTF8'),
    'sha256'))
$$;
revoke all on function private.keyed_digest(text, text) from public, anon, authenticated;

-- mailboxOf (src/domain/email-address.ts): the address trimmed, lower case, its +tag dropped;
-- null when it is no address (no single '@', nothing before or after it, a space or a control
-- character inside, longer than 320).
create function private.mailbox_of(address text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when length(t.text) <= 320 and t.text !~ '[[:space:][:cntrl:]]'
      and t.text ~ '^[^@]+@[^@]+$' and split_part(split_part(t.text, '@', 1), '+', 1) <> ''
    then split_part(split_part(t.text, '@', 1), '+', 1) || '@' || split_part(t.text, '@', 2)
  end
  from (select lower(btrim(address, ' ' || chr(9) || chr(10) || chr(11) || chr(12) || chr(13)))
    as text) t
$$;
revoke all on function private.mailbox_of(text) from public, anon, authenticated;

-- recipientKey (src/domain/mail/recipient-limits.ts): the ledger's key of an address.
create function private.recipient_key(secret text, address text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select private.keyed_digest(secret, 'recipient:' || private.mailbox_of(address))
$$;
revoke all on function private.recipient_key(text, text) from public, anon, authenticated;

-- The suppression list (src/domain/mail/suppression.ts): no code and no mail to these keys.
create table private.mail_suppressions (
  recipient text primary key check (length(recipient) between 16 and 100),
  reason text not null check (reason in ('failed', 'bounce', 'complaint')),
  at timestamptz not null default now()
);
revoke all on table private.mail_suppressions from public, anon, authenticated;

-- A code message keeps its recipient key; its address and nonce only while it waits to be sent.
alter table private.mail_outbox
  add column recipient text check (length(recipient) between 16 and 100),
  drop constraint mail_outbox_code,
  add constraint mail_outbox_code check (
    (kind = 'code') = (code_expires_at is not null)
    and (kind = 'code' or (to_address is null and nonce is null))
    and (kind <> 'code' or status <> 'pending' or (to_address is not null and nonce is not null)));

-- ---------------------------------------------------------------------------------------------
-- The bounce endpoint (docs/operations.md, "Bounces and complaints"): anyone may call it; only
-- the bounce token's holder is heard. It answers nothing of the address (known or not).
-- POST /rest/v1/rpc/report_mail_bounce {"token": "…", "type": "bounce", "address": "…"}
-- ---------------------------------------------------------------------------------------------
create function public.report_mail_bounce(token text, type text, address text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  secret text;
  addr text;
begin
  select s.token_secret into secret from private.mail_settings s;
  -- Compared as digests: no comparison here stops at the token's first wrong character.
  if secret is null or extensions.digest(coalesce(token, ''), 'sha256')
      <> extensions.digest(private.keyed_digest(secret, 'bounce-endpoint:v1'), 'sha256') then
    raise exception 'Not allowed' using errcode = 'PT401';
  end if;
  addr := private.normalize_address(address);
  if type is null or type not in ('bounce', 'complaint') or addr is null then
    raise exception 'Not a bounce or complaint notice' using errcode = 'PT400';
  end if;
  insert into private.mail_suppressions (recipient, reason)
  values (private.recipient_key(secret, addr), type)
  on conflict (recipient) do nothing;
end
$$;
revoke all on function public.report_mail_bounce(text, text, text) from public, anon, authenticated;
grant execute on function public.report_mail_bounce(text, text, text) to anon, authenticated;


-- The code messages already sent or failed for good keep their recipient key only. Their key is
-- made with the secret (none is made when it is not set: the column stays empty).
update private.mail_outbox o
set recipient = private.recipient_key(s.token_secret, o.to_address)
from private.mail_settings s
where o.kind = 'code' and o.to_address is not null;
update private.mail_outbox o
set to_address = null, nonce = null
where o.kind = 'code' and o.status <> 'pending';
