-- Issue 59 on Supabase: codes that cannot be aimed at strangers, no answer that says who is on the
-- list, a suppression list, an index for the address checks, and a code message that keeps its
-- typed address and nonce only while it waits. The rules are src/domain/code-sends.ts and
-- src/domain/mail/suppression.ts (the contract suite, tests/app/contract/
-- email-verifications.contract.ts, holds this file to them):
--   - public.send_verification_code answers, in this order: malformed, personal, verified; then
--     the verdict of code-sends.ts (codeSendVerdict) over the ledger below: the identity's life
--     ('spent'), hour and day ('limited'); the budget day ('paused'); the university domain's hour
--     ('busy'); the suppression list ('suppressed'); the address's live code held by another
--     account, its hour and day ('waiting'). Every request past the identity's own limits is
--     counted against the identity (countsAgainstIdentity);
--   - the identity is the account's Google identity (auth.identities, provider 'google': its
--     provider_id, Google's `sub`), or the account's id when it has none; the ledger keeps its
--     keyed digest (identityKey: HMAC-SHA256 of 'identity:' || sub under the signing secret,
--     base64url), never the identity, and no foreign key to auth.users: the counters and the
--     lifetime total survive the account's deletion;
--   - an address is keyed as the mail sender keys it (recipient-limits.ts, recipientKey:
--     HMAC-SHA256 of 'recipient:' || mailbox under the secret, base64url): the ledger, the
--     suppression list and a code message share that key. The sha-256 address key of
--     20261128060000_email_verification.sql (unkeyed) goes with private.verification_sends;
--   - an address another account holds (private.address_taken) is answered exactly as a free one:
--     'sent', a code record kept for the caller (the hash of a nonce never sent), the address,
--     domain and budget counted, and no message queued. verify_email_code still refuses it;
--   - the budget day is America/Mexico_City's (UTC-6 all year): private.code_budget counts its
--     code e-mails, and records when the operators were first told it was spent (a `raise
--     warning` in the database's log, and `spent_at`: docs/operations.md, "The code e-mails'
--     budget");
--   - the suppression list (private.mail_suppressions) holds recipient keys: the sender adds a
--     permanent refusal (src/adapters/postgres/postgres-outbox.adapter.ts), and the provider's
--     bounce or complaint notice comes through public.report_mail_bounce (anyone may call it with
--     the bounce token: bounceToken, HMAC-SHA256 of 'bounce-endpoint:v1' under the secret).
-- The keys the mail shares (private.recipient_key), the suppression list and its endpoint are
-- 20261128175000_mail_suppressions.sql; the lower(email) index 20261128175500_waitlist_email_lower.sql;
-- the pruning of these records 20261128180500_retention_code_records.sql.

-- identityKey (src/domain/code-sends.ts) of an account: its Google identity's `sub`, or its id.
create function private.identity_key(secret text, student uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select private.keyed_digest(secret, 'identity:' || coalesce((
    select i.provider_id from auth.identities i
    where i.user_id = student and i.provider = 'google'
    order by i.created_at
    limit 1), student::text))
$$;
revoke all on function private.identity_key(text, uuid) from public, anon, authenticated;

-- The budget day of a moment (budgetDay): its date in America/Mexico_City, UTC-6 all year.
create function private.budget_day(at timestamptz)
returns date
language sql
immutable
parallel safe
set search_path = ''
as $$ select ((at at time zone 'UTC') - interval '6 hours')::date $$;
revoke all on function private.budget_day(timestamptz) from public, anon, authenticated;

create function private.ms(at timestamptz)
returns bigint
language sql
immutable
parallel safe
set search_path = ''
as $$ select (extract(epoch from at) * 1000)::bigint $$;
revoke all on function private.ms(timestamptz) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The ledger. No table names an account, an identity or an address: keys are keyed digests.
-- ---------------------------------------------------------------------------------------------
drop table private.verification_sends;

-- Each counted request: of an identity (its key), to an address (its recipient key), to a
-- university domain (the catalogue's domain, a public name). Kept a day (the longest window).
create table private.code_sends (
  kind text not null check (kind in ('identity', 'address', 'domain')),
  key text not null check (length(key) between 1 and 253),
  sent_at timestamptz not null default now()
);
create index code_sends_key on private.code_sends (kind, key, sent_at);
create index code_sends_at on private.code_sends (sent_at);
revoke all on table private.code_sends from public, anon, authenticated;

-- Each identity's requests ever (CODE_SEND_LIMITS.identityLifetime): kept for good.
create table private.code_identities (
  key text primary key check (length(key) between 16 and 100),
  total integer not null check (total >= 0),
  last_at timestamptz not null default now()
);
revoke all on table private.code_identities from public, anon, authenticated;

-- The code e-mails of each budget day, and when the operators were first told it was spent.
create table private.code_budget (
  day date primary key,
  sent integer not null default 0 check (sent >= 0),
  spent_at timestamptz
);
revoke all on table private.code_budget from public, anon, authenticated;


-- ---------------------------------------------------------------------------------------------
-- Asking for a code.
-- ---------------------------------------------------------------------------------------------

-- When the oldest of the last `cap` sends of a key within `span` leaves it; null under the cap.
create function private.code_retry(k text, key text, span interval, cap integer)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select (select s.sent_at from private.code_sends s
    where s.kind = k and s.key = code_retry.key and s.sent_at > now() - span
    order by s.sent_at desc offset cap - 1 limit 1) + span
$$;
revoke all on function private.code_retry(text, text, interval, integer) from public, anon, authenticated;

-- Asks for a code: `{ outcome, … }` as src/domain/email-verification.ts reads it; null when the
-- caller has no entry. The limits are CODE_SEND_LIMITS (src/domain/code-sends.ts).
create or replace function public.send_verification_code(address text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  entry record;
  addr text;
  secret text;
  nonce text;
  expires timestamptz := now() + interval '15 minutes';
  ikey text;
  rkey text;
  dom text;
  today date := private.budget_day(now());
  total integer;
  retry timestamptz;
  refusal json;
begin
  if me is null then
    return null;
  end if;
  -- The entry is locked: a change of campus or a try of this student waits for this call.
  select w.uid, w.email, w.college_id, w.created_at, c.email_domains into entry
  from public.waitlist w join public.colleges c on c.id = w.college_id
  where w.uid = me
  for update of w;
  if not found then
    return null;
  end if;
  addr := private.normalize_address(address);
  if addr is null then
    return json_build_object('outcome', 'malformed');
  end if;
  if not private.address_in_domains(addr, entry.email_domains) then
    return json_build_object('outcome', 'personal');
  end if;
  if private.counted_address(me) is not null then
    return json_build_object('outcome', 'verified');
  end if;
  select s.token_secret into secret from private.mail_settings s;
  if secret is null then
    raise exception 'The mail signing secret is not set (npm run mail:supabase -- secret)'
      using errcode = 'P0001';
  end if;
  ikey := private.identity_key(secret, me);
  -- One identity at a time (its accounts, one after another, share it).
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('code-identity:' || ikey, 0));

  -- The identity's own limits: a refusal by them writes nothing.
  select ci.total into total from private.code_identities ci where ci.key = ikey;
  if coalesce(total, 0) >= 12 then
    return json_build_object('outcome', 'spent');
  end if;
  retry := greatest(private.code_retry('identity', ikey, interval '1 hour', 3),
    private.code_retry('identity', ikey, interval '1 day', 6));
  if retry is not null then
    return json_build_object('outcome', 'limited', 'retryAt', private.ms(retry));
  end if;

  -- From here every request counts against the identity, whatever comes of it.
  insert into private.code_sends (kind, key) values ('identity', ikey);
  insert into private.code_identities as ci (key, total) values (ikey, 1)
  on conflict (key) do update set total = ci.total + 1, last_at = now();

  -- The domain the address is of (domainOf: the first of the campus's domains it is on).
  select lower(d.domain) into dom
  from unnest(entry.email_domains) with ordinality as d (domain, n)
  where split_part(addr, '@', 2) = lower(d.domain)
    or right(split_part(addr, '@', 2), length(d.domain) + 1) = '.' || lower(d.domain)
  order by d.n
  limit 1;
  rkey := private.recipient_key(secret, addr);
  -- One address at a time: two accounts asking for one address take turns.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('verify:' || addr, 0));

  if coalesce((select b.sent from private.code_budget b where b.day = today), 0) >= 3000 then
    insert into private.code_budget as b (day, sent, spent_at) values (today, 3000, now())
    on conflict (day) do update set spent_at = coalesce(b.spent_at, now());
    raise warning 'The code e-mails'' budget of % is spent: codes wait for the next day', today;
    refusal := json_build_object('outcome', 'paused', 'retryAt',
      private.ms(((today + 1)::timestamp + interval '6 hours') at time zone 'UTC'));
  elsif private.code_retry('domain', dom, interval '1 hour', 200) is not null then
    refusal := json_build_object('outcome', 'busy',
      'retryAt', private.ms(private.code_retry('domain', dom, interval '1 hour', 200)));
  elsif exists (select 1 from private.mail_suppressions m where m.recipient = rkey) then
    refusal := json_build_object('outcome', 'suppressed');
  else
    retry := greatest(
      (select max(vc.expires_at) from private.verification_codes vc
        where vc.address = addr and vc.user_id <> me and vc.expires_at > now()),
      private.code_retry('address', rkey, interval '1 hour', 3),
      private.code_retry('address', rkey, interval '1 day', 5));
    if retry is not null then
      refusal := json_build_object('outcome', 'waiting', 'retryAt', private.ms(retry));
    end if;
  end if;
  if refusal is not null then
    return refusal;
  end if;

  -- Sent: the code recorded for the caller, the address, domain and budget counted.
  nonce := encode(extensions.gen_random_bytes(16), 'hex');
  insert into private.verification_codes as vc (user_id, address, code_hash, expires_at, tries)
  values (me, addr, private.code_hash(secret, me, private.code_of_nonce(secret, nonce)), expires, 0)
  on conflict (user_id) do update
    set address = excluded.address, code_hash = excluded.code_hash,
      expires_at = excluded.expires_at, tries = 0;
  insert into private.code_sends (kind, key) values ('address', rkey), ('domain', dom);
  insert into private.code_budget as b (day, sent) values (today, 1)
  on conflict (day) do update set sent = b.sent + 1,
    spent_at = case when b.sent + 1 >= 3000 then coalesce(b.spent_at, now()) else b.spent_at end;
  -- An address another account holds gets nothing: its code is never sent (nor verified).
  if not private.address_taken(me, addr) then
    insert into private.mail_outbox
      (id, kind, user_id, joined_ms, college_id, to_address, nonce, code_expires_at, recipient)
    values ('code:' || me::text || ':' || nonce, 'code', me, private.joined_ms(entry.created_at),
      entry.college_id, addr, nonce, expires, rkey);
  end if;
  return json_build_object('outcome', 'sent', 'address', addr, 'expiresAt', private.ms(expires));
end
$$;
revoke all on function public.send_verification_code(text) from public, anon, authenticated;
grant execute on function public.send_verification_code(text) to authenticated;

