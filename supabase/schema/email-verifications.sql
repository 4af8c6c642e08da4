-- GENERATED, do not edit: the Supabase database's email-verifications feature as the migrations leave it:
--   a university address proved by a code, and the limits on code e-mails: identity, address,
--   domain, budget day (EmailVerifications).
-- Made by `npm run schema:supabase -- --write` (scripts/data/supabase-schema.ts) from a
-- throwaway PostgreSQL 15 with stand-ins/supabase/platform.sql and every migration applied,
-- read back from its catalog (owners, extension versions, data and the platform's objects left
-- out). The deploy path is supabase/migrations/ alone, append-only: a change is a new migration
-- (one per feature it touches), then this command. "Migrations:" says how each object got here.

-- table private.code_budget
-- Migrations: 20261128180000_email_verifications_code_sends.sql
create table private.code_budget (
  day date not null,
  sent integer default 0 not null,
  spent_at timestamp with time zone,
  constraint code_budget_pkey PRIMARY KEY (day),
  constraint code_budget_sent_check CHECK (sent >= 0)
);
-- No grants: its owner alone.

-- table private.code_identities
-- Migrations: 20261128180000_email_verifications_code_sends.sql
create table private.code_identities (
  key text not null,
  total integer not null,
  last_at timestamp with time zone default now() not null,
  constraint code_identities_pkey PRIMARY KEY (key),
  constraint code_identities_key_check CHECK (length(key) >= 16 AND length(key) <= 100),
  constraint code_identities_total_check CHECK (total >= 0)
);
-- No grants: its owner alone.

-- table private.code_sends
-- Migrations: 20261128180000_email_verifications_code_sends.sql
create table private.code_sends (
  kind text not null,
  key text not null,
  sent_at timestamp with time zone default now() not null,
  constraint code_sends_key_check CHECK (length(key) >= 1 AND length(key) <= 253),
  constraint code_sends_kind_check CHECK (kind = ANY (ARRAY['identity'::text, 'address'::text, 'domain'::text]))
);
CREATE INDEX code_sends_at ON private.code_sends USING btree (sent_at);
CREATE INDEX code_sends_key ON private.code_sends USING btree (kind, key, sent_at);
-- No grants: its owner alone.

-- table private.email_verifications
-- Migrations: 20261128060000_email_verification.sql
create table private.email_verifications (
  user_id uuid not null,
  address text not null,
  verified_at timestamp with time zone default now() not null,
  constraint email_verifications_pkey PRIMARY KEY (user_id),
  constraint email_verifications_address_key UNIQUE (address),
  constraint email_verifications_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint email_verifications_address_check CHECK (private.normalize_address(address) = address)
);
-- No grants: its owner alone.

-- table private.verification_codes
-- Migrations: 20261128060000_email_verification.sql
create table private.verification_codes (
  user_id uuid not null,
  address text not null,
  code_hash text not null,
  expires_at timestamp with time zone not null,
  tries integer default 0 not null,
  constraint verification_codes_pkey PRIMARY KEY (user_id),
  constraint verification_codes_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint verification_codes_address_check CHECK (private.normalize_address(address) = address),
  constraint verification_codes_code_hash_check CHECK (code_hash ~ '^[0-9a-f]{64}$'::text),
  constraint verification_codes_tries_check CHECK (tries >= 0 AND tries <= 5)
);
CREATE INDEX verification_codes_expiry ON private.verification_codes USING btree (expires_at);
-- No grants: its owner alone.

-- function private.address_in_domains(text,text[])
-- Migrations: 20261128060000_email_verification.sql
CREATE OR REPLACE FUNCTION private.address_in_domains(address text, domains text[])
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select coalesce(address is not null and exists (
    select 1 from unnest(domains) d
    where split_part(address, '@', 2) = lower(d)
      or right(split_part(address, '@', 2), length(d) + 1) = '.' || lower(d)), false)
$function$;
-- No grants: its owner alone.

-- function private.address_taken(uuid,text)
-- Migrations: 20261128060000_email_verification.sql
CREATE OR REPLACE FUNCTION private.address_taken(student uuid, wanted text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (select 1 from private.email_verifications v
      where v.address = wanted and v.user_id <> student)
    or exists (select 1 from public.waitlist w
      where lower(w.email) = wanted and w.uid <> student)
$function$;
-- No grants: its owner alone.

-- function private.budget_day(timestamp with time zone)
-- Migrations: 20261128180000_email_verifications_code_sends.sql
CREATE OR REPLACE FUNCTION private.budget_day(at timestamp with time zone)
 RETURNS date
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$ select ((at at time zone 'UTC') - interval '6 hours')::date $function$;
-- No grants: its owner alone.

-- function private.code_hash(text,uuid,text)
-- Migrations: 20261128060000_email_verification.sql
CREATE OR REPLACE FUNCTION private.code_hash(secret text, student uuid, code text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select encode(private.hmac_sha256(convert_to(secret, 'UTF8'),
    convert_to('hash:' || student::text || ':' || code, 'UTF8')), 'hex')
$function$;
-- No grants: its owner alone.

-- function private.code_of_nonce(text,text)
-- Migrations: 20261128060000_email_verification.sql
CREATE OR REPLACE FUNCTION private.code_of_nonce(secret text, nonce text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select lpad(((('x' || substr(encode(private.hmac_sha256(convert_to(secret, 'UTF8'),
    convert_to('code:' || nonce, 'UTF8')), 'hex'), 1, 12))::bit(48)::bigint) % 1000000)::text,
    6, '0')
$function$;
-- No grants: its owner alone.

-- function private.code_retry(text,text,interval,integer)
-- Migrations: 20261128180000_email_verifications_code_sends.sql
CREATE OR REPLACE FUNCTION private.code_retry(k text, key text, span interval, cap integer)
 RETURNS timestamp with time zone
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select (select s.sent_at from private.code_sends s
    where s.kind = k and s.key = code_retry.key and s.sent_at > now() - span
    order by s.sent_at desc offset cap - 1 limit 1) + span
$function$;
-- No grants: its owner alone.

-- function private.forget_verification()
-- Migrations: 20261128060000_email_verification.sql
CREATE OR REPLACE FUNCTION private.forget_verification()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'DELETE' then
    delete from private.email_verifications where user_id = old.uid;
    delete from private.verification_codes where user_id = old.uid;
  else
    delete from private.email_verifications v
    using public.colleges c
    where v.user_id = new.uid and c.id = new.college_id
      and not private.address_in_domains(v.address, c.email_domains);
  end if;
  return null;
end
$function$;
-- No grants: its owner alone.

-- function private.identity_key(text,uuid)
-- Migrations: 20261128180000_email_verifications_code_sends.sql
CREATE OR REPLACE FUNCTION private.identity_key(secret text, student uuid)
 RETURNS text
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select private.keyed_digest(secret, 'identity:' || coalesce((
    select i.provider_id from auth.identities i
    where i.user_id = student and i.provider = 'google'
    order by i.created_at
    limit 1), student::text))
$function$;
-- No grants: its owner alone.

-- function private.normalize_address(text)
-- Migrations: 20261128060000_email_verification.sql
CREATE OR REPLACE FUNCTION private.normalize_address(value text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select case
    when parts.local ~ '^[a-z0-9]([a-z0-9._-]{0,62}[a-z0-9_-])?$'
      and position('..' in parts.local) = 0
      and length(parts.domain) <= 253
      and parts.domain ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$'
    then parts.local || '@' || parts.domain
  end
  from (
    select split_part(split_part(t.text, '@', 1), '+', 1) as local, split_part(t.text, '@', 2) as domain
    from (select lower(btrim(value, ' ' || chr(9) || chr(10) || chr(13))) as text) t
    where length(btrim(value, ' ' || chr(9) || chr(10) || chr(13))) between 1 and 320
      and btrim(value, ' ' || chr(9) || chr(10) || chr(13)) ~ '^[A-Za-z0-9._+@-]+$'
      and t.text ~ '^[^@]+@[^@]+$'
  ) parts
$function$;
-- No grants: its owner alone.

-- function public.pending_verification()
-- Migrations: 20261128060000_email_verification.sql
CREATE OR REPLACE FUNCTION public.pending_verification()
 RETURNS json
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select json_build_object('address', vc.address,
    'expiresAt', (extract(epoch from vc.expires_at) * 1000)::bigint)
  from private.verification_codes vc
  join public.waitlist w on w.uid = vc.user_id
  where vc.user_id = (select auth.uid()) and vc.expires_at > now() and vc.tries < 5
$function$;
grant execute on function public.pending_verification() to authenticated, service_role;

-- function public.send_verification_code(text)
-- Migrations: 20261128060000_email_verification.sql,
--   20261128180000_email_verifications_code_sends.sql
CREATE OR REPLACE FUNCTION public.send_verification_code(address text)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
grant execute on function public.send_verification_code(text) to authenticated, service_role;

-- function public.verify_email_code(text)
-- Migrations: 20261128060000_email_verification.sql
CREATE OR REPLACE FUNCTION public.verify_email_code(code text)
 RETURNS json
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  me uuid := (select auth.uid());
  entry record;
  pending record;
  secret text;
  counted text;
  typed text := regexp_replace(left(coalesce(code, ''), 32), '[\s-]', '', 'g');
begin
  if me is null then
    return null;
  end if;
  select w.uid, c.email_domains into entry
  from public.waitlist w join public.colleges c on c.id = w.college_id
  where w.uid = me
  for update of w;
  if not found then
    return null;
  end if;
  counted := private.counted_address(me);
  if counted is not null then
    return json_build_object('outcome', 'verified', 'address', counted);
  end if;
  select vc.* into pending from private.verification_codes vc where vc.user_id = me for update;
  if not found then
    return json_build_object('outcome', 'none');
  end if;
  if not private.address_in_domains(pending.address, entry.email_domains) then
    delete from private.verification_codes where user_id = me;
    return json_build_object('outcome', 'none');
  end if;
  if pending.expires_at <= now() then
    return json_build_object('outcome', 'expired');
  end if;
  if pending.tries >= 5 then
    return json_build_object('outcome', 'exhausted');
  end if;
  select s.token_secret into secret from private.mail_settings s;
  if secret is not null and typed ~ '^\d{6}$'
    and private.code_hash(secret, me, typed) = pending.code_hash then
    delete from private.verification_codes where user_id = me;
    perform pg_catalog.pg_advisory_xact_lock(
      pg_catalog.hashtextextended('verify:' || pending.address, 0));
    if private.address_taken(me, pending.address) then
      return json_build_object('outcome', 'none');
    end if;
    insert into private.email_verifications as v (user_id, address)
    values (me, pending.address)
    on conflict (user_id) do update set address = excluded.address, verified_at = now();
    return json_build_object('outcome', 'verified', 'address', pending.address);
  end if;
  update private.verification_codes set tries = tries + 1 where user_id = me;
  if pending.tries + 1 >= 5 then
    return json_build_object('outcome', 'exhausted');
  end if;
  return json_build_object('outcome', 'wrong', 'left', 5 - (pending.tries + 1));
end
$function$;
grant execute on function public.verify_email_code(text) to authenticated, service_role;

-- trigger waitlist_forget_verification on public.waitlist
-- Migrations: 20261128060000_email_verification.sql
CREATE TRIGGER waitlist_forget_verification AFTER DELETE OR UPDATE OF college_id ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.forget_verification();
