-- Issue 48: a university address verified by a code, apart from the sign-in; invites that count
-- verified classmates of the inviter's campus only; an invite's public preview.
-- The rules are src/domain/email-verification.ts (tests hold the two equal):
--   - an address is read normalized (private.normalize_address): lower case, its +tag dropped,
--     ASCII letters, digits, '.', '-', '_' before the '@', a domain as the domain rule reads it;
--   - a code is six digits, valid 15 minutes, 5 wrong tries; a new code replaces the last; at most
--     3 sends per account and per address in any hour;
--   - only the code's keyed hash is kept (private.verification_codes); the outbox message keeps a
--     random nonce, from which the sender derives the code with the signing secret
--     (HMAC-SHA256(secret, 'code:' || nonce), its first six bytes modulo a million);
--   - one address per account, one account per address: an address another account verified, or
--     signs in with, is refused ('taken', saying nothing of that account);
--   - a student counts for their campus (private.counts_for) with the address they verified when
--     it is of their campus's university, else with their sign-in address when it is one and no
--     other account verified it. So a campus's count is of distinct addresses.
-- The campus counts (private.campus_counts, 20261128000000_derived_counts.sql) follow every write
-- of an entry and of a verification through private.counted_members: each write reconciles its
-- student's row, so the order in which a deleted account's rows go does not matter.

-- ---------------------------------------------------------------------------------------------
-- The address rule.
-- ---------------------------------------------------------------------------------------------
create or replace function private.normalize_address(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
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
$$;
revoke all on function private.normalize_address(text) from public, anon, authenticated;

-- Whether a normalized address is on one of the domains or a subdomain of one.
create or replace function private.address_in_domains(address text, domains text[])
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(address is not null and exists (
    select 1 from unnest(domains) d
    where split_part(address, '@', 2) = lower(d)
      or right(split_part(address, '@', 2), length(d) + 1) = '.' || lower(d)), false)
$$;
revoke all on function private.address_in_domains(text, text[]) from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The records: verified addresses, codes waiting, sends (for the hourly limits).
-- ---------------------------------------------------------------------------------------------
create table private.email_verifications (
  user_id uuid primary key references auth.users (id) on delete cascade,
  address text not null unique check (private.normalize_address(address) = address),
  verified_at timestamptz not null default now()
);
revoke all on table private.email_verifications from public, anon, authenticated;

create table private.verification_codes (
  user_id uuid primary key references auth.users (id) on delete cascade,
  address text not null check (private.normalize_address(address) = address),
  code_hash text not null check (code_hash ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz not null,
  tries integer not null default 0 check (tries between 0 and 5)
);
revoke all on table private.verification_codes from public, anon, authenticated;

-- 'account:<uid>' or 'address:<sha-256 of the address>' (never the address), and when.
create table private.verification_sends (
  key text not null,
  sent_at timestamptz not null default now()
);
create index verification_sends_key on private.verification_sends (key, sent_at);
create index verification_sends_at on private.verification_sends (sent_at);
create index verification_codes_expiry on private.verification_codes (expires_at);
revoke all on table private.verification_sends from public, anon, authenticated;

-- The outbox takes a code's message: to the typed address, with its nonce and its end.
alter table private.mail_outbox drop constraint mail_outbox_kind_check;
alter table private.mail_outbox add constraint mail_outbox_kind_check
  check (kind in ('welcome', 'launch', 'code'));
alter table private.mail_outbox
  add column to_address text,
  add column nonce text check (nonce ~ '^[0-9a-f]{32}$'),
  add column code_expires_at timestamptz,
  add constraint mail_outbox_code check (
    (kind = 'code') = (to_address is not null and nonce is not null and code_expires_at is not null));
alter table private.mail_recipients drop constraint mail_recipients_kind_check;
alter table private.mail_recipients add constraint mail_recipients_kind_check
  check (kind in ('welcome', 'launch', 'code'));

-- ---------------------------------------------------------------------------------------------
-- Who counts.
-- ---------------------------------------------------------------------------------------------
create or replace function private.counts_for(
  student uuid, sign_in text, college text, code_address text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((
    select private.address_in_domains(code_address, c.email_domains)
      or (private.email_in_domains(sign_in, c.email_domains)
        and not exists (
          select 1 from private.email_verifications v
          where v.address = lower(sign_in) and v.user_id <> student))
    from public.colleges c where c.id = college), false)
$$;
revoke all on function private.counts_for(uuid, text, text, text) from public, anon, authenticated;

-- The address the student counts with now, or null.
create or replace function private.counted_address(student uuid)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when private.address_in_domains(v.address, c.email_domains) then v.address
    when private.counts_for(w.uid, w.email, w.college_id, null) then lower(w.email)
  end
  from public.waitlist w
  join public.colleges c on c.id = w.college_id
  left join private.email_verifications v on v.user_id = w.uid
  where w.uid = student
$$;
revoke all on function private.counted_address(uuid) from public, anon, authenticated;

-- Who is counted where: one row per counted student, the campus they count for. Every write of
-- an entry or a verification reconciles its student's row with what counts_for says now, and
-- moves the campus counts by the difference. The row, not the write, is the record of what was
-- counted: a deleted account's entry and verification go in one statement, and their triggers
-- (queued to the statement's end) see neither; reconciling from this row still takes the count
-- away exactly once. No foreign key: the row must outlive the cascade to be taken away.
create table private.counted_members (
  user_id uuid primary key,
  college_id text not null
);
create index counted_members_college on private.counted_members (college_id);
revoke all on table private.counted_members from public, anon, authenticated;

create or replace function private.reconcile_count(student uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  had text;
  want text;
begin
  -- One student at a time: two writes of one student never interleave here.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('count:' || student::text, 0));
  select cm.college_id into had from private.counted_members cm where cm.user_id = student;
  select w.college_id into want
  from public.waitlist w
  left join private.email_verifications v on v.user_id = w.uid
  where w.uid = student and private.counts_for(w.uid, w.email, w.college_id, v.address);
  if had is not distinct from want then
    return;
  end if;
  if want is null then
    delete from private.counted_members where user_id = student;
  else
    insert into private.counted_members (user_id, college_id) values (student, want)
    on conflict (user_id) do update set college_id = excluded.college_id;
  end if;
  -- One statement, the campuses in a fixed order: two students moving in opposite directions lock
  -- the two rows in the same order and never deadlock.
  insert into private.campus_counts as counts (college_id, verified)
  select change.college_id, change.delta
  from (values (had, -1), (want, 1)) as change (college_id, delta)
  where change.college_id is not null
  order by change.college_id
  on conflict (college_id) do update set verified = counts.verified + excluded.verified;
end
$$;
revoke all on function private.reconcile_count(uuid) from public, anon, authenticated;

-- The entry's trigger (20261128000000_derived_counts.sql's name, its body now the reconcile).
create or replace function private.count_verified()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.reconcile_count(coalesce(new.uid, old.uid));
  if tg_op = 'UPDATE' and new.uid is distinct from old.uid then
    perform private.reconcile_count(old.uid);
  end if;
  return null;
end
$$;
revoke all on function private.count_verified() from public, anon, authenticated;

-- A verification's change: its student, and a student whose sign-in address it freed.
create or replace function private.count_verification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.reconcile_count(coalesce(new.user_id, old.user_id));
  if tg_op in ('UPDATE', 'DELETE') then
    perform private.reconcile_count(w.uid)
    from public.waitlist w
    where lower(w.email) = old.address and w.uid <> old.user_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform private.reconcile_count(w.uid)
    from public.waitlist w
    where lower(w.email) = new.address and w.uid <> new.user_id;
  end if;
  return null;
end
$$;
revoke all on function private.count_verification() from public, anon, authenticated;

create trigger email_verifications_count
  after insert or update or delete on private.email_verifications
  for each row execute function private.count_verification();

-- The recount of a campus (a change of its domains, the backfill) with the same rule: its rows of
-- counted_members made again, its count their number.
create or replace function private.recount_verified(college text)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.counted_members where college_id = college;
  insert into private.counted_members (user_id, college_id)
  select w.uid, w.college_id
  from public.waitlist w
  left join private.email_verifications v on v.user_id = w.uid
  where w.college_id = college and private.counts_for(w.uid, w.email, w.college_id, v.address)
  on conflict (user_id) do update set college_id = excluded.college_id;
  insert into private.campus_counts (college_id, verified)
  select college, count(*)::integer from private.counted_members where college_id = college
  on conflict (college_id) do update set verified = excluded.verified;
$$;
revoke all on function private.recount_verified(text) from public, anon, authenticated;

-- A change of campus keeps the verified address only when it is of the new campus's university;
-- leaving deletes it and any code. The verification's own trigger then reconciles the count.
create or replace function private.forget_verification()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
revoke all on function private.forget_verification() from public, anon, authenticated;

create trigger waitlist_forget_verification
  after update of college_id or delete on public.waitlist
  for each row execute function private.forget_verification();

-- ---------------------------------------------------------------------------------------------
-- The student's calls.
-- ---------------------------------------------------------------------------------------------

-- The code of the sender (src/domain/email-verification.ts, codeOfNonce).
create or replace function private.code_of_nonce(secret text, nonce text)
returns text
language sql
immutable
set search_path = ''
as $$
  select lpad(((('x' || substr(encode(private.hmac_sha256(convert_to(secret, 'UTF8'),
    convert_to('code:' || nonce, 'UTF8')), 'hex'), 1, 12))::bit(48)::bigint) % 1000000)::text,
    6, '0')
$$;
revoke all on function private.code_of_nonce(text, text) from public, anon, authenticated;

create or replace function private.code_hash(secret text, student uuid, code text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(private.hmac_sha256(convert_to(secret, 'UTF8'),
    convert_to('hash:' || student::text || ':' || code, 'UTF8')), 'hex')
$$;
revoke all on function private.code_hash(text, uuid, text) from public, anon, authenticated;

-- Whether another account holds the address: verified it, or signs in with it.
create or replace function private.address_taken(student uuid, wanted text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from private.email_verifications v
      where v.address = wanted and v.user_id <> student)
    or exists (select 1 from public.waitlist w
      where lower(w.email) = wanted and w.uid <> student)
$$;
revoke all on function private.address_taken(uuid, text) from public, anon, authenticated;

-- The code the caller may still enter: `{ address, expiresAt }`, or null.
create or replace function public.pending_verification()
returns json
language sql
stable
security definer
set search_path = ''
as $$
  select json_build_object('address', vc.address,
    'expiresAt', (extract(epoch from vc.expires_at) * 1000)::bigint)
  from private.verification_codes vc
  join public.waitlist w on w.uid = vc.user_id
  where vc.user_id = (select auth.uid()) and vc.expires_at > now() and vc.tries < 5
$$;
revoke all on function public.pending_verification() from public, anon, authenticated;
grant execute on function public.pending_verification() to authenticated;

-- Asks for a code: `{ outcome, … }` as src/domain/email-verification.ts reads it; null when the
-- caller has no entry.
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
  retry timestamptz;
  account_key text;
  address_key text;
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
  -- One address at a time: two accounts asking for one address take turns.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('verify:' || addr, 0));
  if private.address_taken(me, addr) then
    return json_build_object('outcome', 'taken');
  end if;
  account_key := 'account:' || me::text;
  address_key := 'address:' || encode(extensions.digest(addr, 'sha256'), 'hex');
  -- What no rule reads any more goes: sends older than the hour, codes an hour past their end.
  delete from private.verification_sends s where s.sent_at <= now() - interval '1 hour';
  delete from private.verification_codes vc
  where vc.expires_at <= now() - interval '1 hour' and vc.user_id <> me;
  -- The third most recent send of either key, an hour on: when another may go.
  select max(third.sent_at) + interval '1 hour' into retry
  from (
    select (select s.sent_at from private.verification_sends s
      where s.key = k.key order by s.sent_at desc offset 2 limit 1) as sent_at
    from (values (account_key), (address_key)) as k (key)
  ) third;
  if retry is not null then
    return json_build_object('outcome', 'limited',
      'retryAt', (extract(epoch from retry) * 1000)::bigint);
  end if;
  select s.token_secret into secret from private.mail_settings s;
  if secret is null then
    raise exception 'The mail signing secret is not set (npm run mail:supabase -- secret)'
      using errcode = 'P0001';
  end if;
  nonce := encode(extensions.gen_random_bytes(16), 'hex');
  insert into private.verification_codes as vc (user_id, address, code_hash, expires_at, tries)
  values (me, addr, private.code_hash(secret, me, private.code_of_nonce(secret, nonce)), expires, 0)
  on conflict (user_id) do update
    set address = excluded.address, code_hash = excluded.code_hash,
      expires_at = excluded.expires_at, tries = 0;
  insert into private.verification_sends (key) values (account_key), (address_key);
  insert into private.mail_outbox
    (id, kind, user_id, joined_ms, college_id, to_address, nonce, code_expires_at)
  values ('code:' || me::text || ':' || nonce, 'code', me, private.joined_ms(entry.created_at),
    entry.college_id, addr, nonce, expires);
  return json_build_object('outcome', 'sent', 'address', addr,
    'expiresAt', (extract(epoch from expires) * 1000)::bigint);
end
$$;
revoke all on function public.send_verification_code(text) from public, anon, authenticated;
grant execute on function public.send_verification_code(text) to authenticated;

-- Enters a code: `{ outcome, … }`; null when the caller has no entry.
create or replace function public.verify_email_code(code text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
$$;
revoke all on function public.verify_email_code(text) from public, anon, authenticated;
grant execute on function public.verify_email_code(text) to authenticated;

-- The caller's campus, as 20261128000000_derived_counts.sql defines it, verified by either way.
create or replace function public.my_campus()
returns table (
  college_id text,
  verified boolean,
  verified_count integer,
  threshold integer,
  state text,
  opens_on date,
  university_of text
)
language sql
stable
security definer
set search_path = ''
as $$
  select w.college_id,
    private.counted_address(w.uid) is not null,
    case when counts.verified >= 10 then counts.verified end,
    coalesce(s.threshold, 100),
    coalesce(s.state, 'gathering'),
    s.opens_on,
    c.university_of
  from public.waitlist w
  join public.colleges c on c.id = w.college_id
  left join private.campus_counts counts on counts.college_id = w.college_id
  left join private.campus_settings s on s.college_id = w.college_id
  where w.uid = (select auth.uid())
$$;
revoke all on function public.my_campus() from public, anon, authenticated;
grant execute on function public.my_campus() to authenticated;

-- The caller's code and the classmates who count for them now: credited, on the list at the
-- caller's campus, and verified for it (src/domain/invite-code.ts, inviteCounts).
create or replace function public.my_invites()
returns table (code text, joined integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  mine text;
  campus text;
begin
  select w.college_id into campus from public.waitlist w where w.uid = me;
  if me is null or campus is null then
    return;
  end if;
  select ic.code into mine from private.invite_codes ic where ic.user_id = me;
  while mine is null loop
    begin
      insert into private.invite_codes (user_id, code)
      values (me, private.new_invite_code())
      on conflict (user_id) do nothing;
    exception when unique_violation then
      null; -- a code another student holds: draw again
    end;
    select ic.code into mine from private.invite_codes ic where ic.user_id = me;
  end loop;
  return query
    select mine, (
      select count(*)::integer
      from private.invites i
      join public.waitlist w on w.uid = i.invitee
      where i.inviter = me and w.college_id = campus
        and private.counted_address(w.uid) is not null);
end
$$;
revoke all on function public.my_invites() from public, anon, authenticated;
grant execute on function public.my_invites() to authenticated;

-- An invite's preview, for anyone (issue 48): the campus of the code's student and its floored
-- progress. Nothing of the student.
create or replace function public.invite_preview(invite_code text)
returns table (
  college_id text,
  name text,
  subname text,
  short_name text,
  verified_count integer,
  threshold integer,
  state text,
  opens_on date
)
language sql
stable
security definer
set search_path = ''
as $$
  select c.id, c.name, c.subname, c.short_name,
    case when counts.verified >= 10 then counts.verified end,
    coalesce(s.threshold, 100),
    coalesce(s.state, 'gathering'),
    s.opens_on
  from private.invite_codes ic
  join public.waitlist w on w.uid = ic.user_id
  join public.colleges c on c.id = w.college_id
  left join private.campus_counts counts on counts.college_id = c.id
  left join private.campus_settings s on s.college_id = c.id
  where ic.code = upper(btrim(left(coalesce(invite_code, ''), 32)))
$$;
revoke all on function public.invite_preview(text) from public, anon, authenticated;
grant execute on function public.invite_preview(text) to anon, authenticated;

-- The sender's claim, as 20261128000000_derived_counts.sql defines it, with a code's message: to
-- its address, with its nonce and its end.
drop function private.claim_mail(timestamptz, integer, timestamptz);
create function private.claim_mail(at timestamptz, lim integer, lease timestamptz)
returns table (
  id text, kind text, user_id uuid, joined_ms bigint, email text, name text, campus text,
  attempts integer, invite_code text, verified integer, threshold integer, nonce text,
  expires_ms bigint
)
language plpgsql
volatile
set search_path = ''
as $$
begin
  return query
  with due as (
    select o.id from private.mail_outbox o
    where o.status = 'pending' and o.due_at <= at and (o.lease_until is null or o.lease_until <= at)
    order by o.due_at, o.id
    limit lim
    for update skip locked
  ),
  claimed as (
    update private.mail_outbox o set lease_until = lease from due where o.id = due.id
    returning o.*
  )
  select c.id, c.kind, c.user_id, c.joined_ms, coalesce(c.to_address, w.email),
    case when c.kind = 'code' then '' else coalesce((
      select coalesce(i.identity_data ->> 'full_name', i.identity_data ->> 'name')
      from auth.identities i
      where i.user_id = c.user_id and i.provider = 'google'
      order by i.created_at desc
      limit 1), '') end,
    coalesce(nullif(col.short_name, ''), col.name),
    c.attempts,
    case when c.kind = 'welcome' then ic.code end,
    case when c.kind = 'welcome' and counts.verified >= 10 then counts.verified end,
    case when c.kind = 'welcome' then coalesce(s.threshold, 100) end,
    c.nonce,
    (extract(epoch from c.code_expires_at) * 1000)::bigint
  from claimed c
  join public.waitlist w on w.uid = c.user_id
  join auth.users u on u.id = c.user_id
  join public.colleges col on col.id = case when c.kind = 'launch' then c.college_id else w.college_id end
  left join private.invite_codes ic on ic.user_id = c.user_id
  left join private.campus_settings s on s.college_id = col.id
  left join private.campus_counts counts on counts.college_id = col.id;
end;
$$;
revoke all on function private.claim_mail(timestamptz, integer, timestamptz) from public, anon, authenticated;

-- The counted students and the counts so far, under the new rule (no verification exists yet, so
-- the counts do not move), taken with no entry written meanwhile.
do $$
begin
  lock table public.waitlist in share mode;
  perform private.recount_verified(id) from public.colleges
  where id in (select distinct college_id from public.waitlist);
end
$$;
