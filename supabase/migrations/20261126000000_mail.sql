-- Issue 25: the welcome and launch e-mails. An outbox filled by the database (a welcome row when an
-- entry is made; launch rows when an operator opens a campus), sent by a sender with the service
-- role (scripts/ops/mail-supabase.mjs), and the leave link of every message (`/salir?token=…`),
-- read here with the signing secret only the database and the sender know. All of it is in the
-- `private` schema: neither anon nor a student reads the outbox, the launch records or the secret.
-- Leaving deletes the account, and its messages with it (on delete cascade).

-- The signing secret of the leave links (one row; `npm run mail:supabase -- secret` makes it).
create table private.mail_settings (
  id boolean primary key default true check (id),
  token_secret text not null check (length(token_secret) >= 32)
);
revoke all on table private.mail_settings from public, anon, authenticated;

create table private.mail_outbox (
  -- welcome:<uid>:<joined ms> | launch:<campus>:<uid>  (src/domain/mail/outbox.ts): once each.
  id text primary key,
  kind text not null check (kind in ('welcome', 'launch')),
  user_id uuid not null references auth.users (id) on delete cascade,
  joined_ms bigint not null,
  college_id text not null,
  status text not null default 'pending' check (status in ('pending', 'sent', 'failed')),
  attempts integer not null default 0,
  due_at timestamptz not null default now(),
  lease_until timestamptz,
  sent_at timestamptz,
  last_error text,
  created_at timestamptz not null default now()
);
create index mail_outbox_due on private.mail_outbox (due_at) where status = 'pending';
create index mail_outbox_user on private.mail_outbox (user_id);
revoke all on table private.mail_outbox from public, anon, authenticated;

-- Who ran the launch of which campus, when, and how many messages it recorded.
create table private.launch_runs (
  id bigint generated always as identity primary key,
  college_id text not null,
  students integer not null,
  queued integer not null,
  ran_at timestamptz not null default now()
);
revoke all on table private.launch_runs from public, anon, authenticated;

-- An entry's date of joining in milliseconds: what a leave link names (src/domain/mail/leave-token.ts).
create or replace function private.joined_ms(at timestamptz)
returns bigint
language sql
immutable
set search_path = ''
as $$ select floor(extract(epoch from at) * 1000)::bigint $$;
revoke all on function private.joined_ms(timestamptz) from public, anon, authenticated;

-- A new entry records its welcome (a second join inserts no row, so records none).
create or replace function private.queue_welcome()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.mail_outbox (id, kind, user_id, joined_ms, college_id)
  values ('welcome:' || new.uid || ':' || private.joined_ms(new.created_at), 'welcome', new.uid,
    private.joined_ms(new.created_at), new.college_id)
  on conflict (id) do nothing;
  return new;
end;
$$;
revoke all on function private.queue_welcome() from public, anon, authenticated;
create trigger waitlist_queue_welcome
  after insert on public.waitlist
  for each row execute function private.queue_welcome();

-- HMAC-SHA256 (RFC 2104) with the built-in sha256(): no extension needed.
create or replace function private.hmac_sha256(key bytea, message bytea)
returns bytea
language plpgsql
immutable
strict
set search_path = ''
as $$
declare
  block bytea;
  inner_pad bytea := ''::bytea;
  outer_pad bytea := ''::bytea;
begin
  if length(key) > 64 then key := pg_catalog.sha256(key); end if;
  block := key || decode(repeat('00', 64 - length(key)), 'hex');
  for i in 0..63 loop
    inner_pad := inner_pad || set_byte('\x00'::bytea, 0, get_byte(block, i) # 54);
    outer_pad := outer_pad || set_byte('\x00'::bytea, 0, get_byte(block, i) # 92);
  end loop;
  return pg_catalog.sha256(outer_pad || pg_catalog.sha256(inner_pad || message));
end;
$$;
revoke all on function private.hmac_sha256(bytea, bytea) from public, anon, authenticated;

create or replace function private.base64url(value bytea)
returns text
language sql
immutable
strict
set search_path = ''
as $$ select rtrim(translate(encode(value, 'base64'), '+/' || chr(10), '-_'), '=') $$;
revoke all on function private.base64url(bytea) from public, anon, authenticated;

-- A leave link's token, read as src/domain/mail/leave-token.ts reads it: the student's id and date
-- of joining, or the fault ('malformed', 'invalid', 'expired'); 'used' when it names no account.
create or replace function private.read_leave_token(token text)
returns table (fault text, user_id uuid, joined_ms bigint)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  parts text[];
  secret text;
  uid_text text;
  student uuid;
begin
  if token is null or length(token) > 400 then
    return query select 'malformed', null::uuid, null::bigint;
    return;
  end if;
  parts := regexp_match(token,
    '^v1\.([a-z]{1,16})\.([A-Za-z0-9_-]{1,200})\.(0|[1-9][0-9]{0,15})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$');
  if parts is null or length(parts[2]) % 4 = 1 then
    return query select 'malformed', null::uuid, null::bigint;
    return;
  end if;
  select s.token_secret into secret from private.mail_settings s;
  if secret is null or private.base64url(private.hmac_sha256(convert_to(secret, 'UTF8'),
      convert_to(left(token, length(token) - 44), 'UTF8'))) <> parts[5] then
    return query select 'invalid', null::uuid, null::bigint;
    return;
  end if;
  begin
    uid_text := convert_from(decode(rpad(translate(parts[2], '-_', '+/'),
      ((length(parts[2]) + 3) / 4) * 4, '='), 'base64'), 'UTF8');
  exception when others then
    return query select 'invalid', null::uuid, null::bigint;
    return;
  end;
  if parts[1] <> 'leave' or private.base64url(convert_to(uid_text, 'UTF8')) <> parts[2] then
    return query select 'invalid', null::uuid, null::bigint;
    return;
  end if;
  if parts[4]::bigint <= extract(epoch from now()) then
    return query select 'expired', null::uuid, null::bigint;
    return;
  end if;
  begin
    student := uid_text::uuid;
  exception when others then
    return query select 'used', null::uuid, null::bigint; -- no account has such an id
    return;
  end;
  return query select null::text, student, parts[3]::bigint;
end;
$$;
revoke all on function private.read_leave_token(text) from public, anon, authenticated;

-- What the link would do: 'valid' while its entry is the one it names, else why not.
create or replace function public.check_leave_link(token text)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(r.fault, case when exists (
      select 1 from public.waitlist w
      where w.uid = r.user_id and private.joined_ms(w.created_at) = r.joined_ms)
    then 'valid' else 'used' end)
  from private.read_leave_token(token) r
$$;
revoke all on function public.check_leave_link(text) from public, anon, authenticated;
grant execute on function public.check_leave_link(text) to anon, authenticated;

-- Leaving by the link, without a sign-in: what delete_my_account() does, for the token's student
-- only, and only while their entry is the one the token names (so a token works once).
create or replace function public.leave_by_link(token text)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r record;
  gone uuid;
begin
  select * into r from private.read_leave_token(token);
  if r.fault is not null then return r.fault; end if;
  delete from auth.users u
  where u.id = r.user_id
    and exists (select 1 from public.waitlist w
      where w.uid = u.id and private.joined_ms(w.created_at) = r.joined_ms)
  returning u.id into gone;
  return case when gone is null then 'used' else 'left' end;
end;
$$;
revoke all on function public.leave_by_link(text) from public, anon, authenticated;
grant execute on function public.leave_by_link(text) to anon, authenticated;

-- The launch of a campus: a message for every student on its list who has none (none twice).
create or replace function private.queue_launch(campus text, dry_run boolean default false)
returns table (students integer, queued integer, already integer)
language plpgsql
volatile
set search_path = ''
as $$
declare
  total integer;
  added integer := 0;
begin
  select count(*) into total from public.waitlist w where w.college_id = campus;
  if dry_run then
    return query select total, 0,
      (select count(*)::integer from private.mail_outbox o
       where o.kind = 'launch' and o.college_id = campus
         and exists (select 1 from public.waitlist w where w.uid = o.user_id and w.college_id = campus));
    return;
  end if;
  insert into private.mail_outbox (id, kind, user_id, joined_ms, college_id)
  select 'launch:' || campus || ':' || w.uid, 'launch', w.uid, private.joined_ms(w.created_at), campus
  from public.waitlist w where w.college_id = campus
  on conflict (id) do nothing;
  get diagnostics added = row_count;
  insert into private.launch_runs (college_id, students, queued) values (campus, total, added);
  return query select total, added, total - added;
end;
$$;
revoke all on function private.queue_launch(text, boolean) from public, anon, authenticated;

-- The sender's claim: up to `lim` due messages, leased until `lease`, with what it takes to write
-- them (the entry's address, the account's name, the campus's name; a welcome's invite code and
-- its campus's progress, floored as the page shows it). Concurrent senders skip each other's rows.
create or replace function private.claim_mail(at timestamptz, lim integer, lease timestamptz)
returns table (
  id text, kind text, user_id uuid, joined_ms bigint, email text, name text, campus text,
  attempts integer, invite_code text, verified integer, threshold integer
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
  select c.id, c.kind, c.user_id, c.joined_ms, w.email,
    coalesce(u.raw_user_meta_data ->> 'full_name', u.raw_user_meta_data ->> 'name', ''),
    coalesce(nullif(col.short_name, ''), col.name),
    c.attempts,
    case when c.kind = 'welcome' then ic.code end,
    case when c.kind = 'welcome' then (
      select case when count(*) >= 10 then count(*)::integer end
      from public.waitlist v
      where v.college_id = col.id and private.email_in_domains(v.email, col.email_domains)) end,
    case when c.kind = 'welcome' then coalesce(s.threshold, 100) end
  from claimed c
  join public.waitlist w on w.uid = c.user_id
  join auth.users u on u.id = c.user_id
  join public.colleges col on col.id = case when c.kind = 'welcome' then w.college_id else c.college_id end
  left join private.invite_codes ic on ic.user_id = c.user_id
  left join private.campus_settings s on s.college_id = col.id;
end;
$$;
revoke all on function private.claim_mail(timestamptz, integer, timestamptz) from public, anon, authenticated;

-- An entry deleted without its account (a student's own delete) takes its unsent messages along.
create or replace function private.forget_mail()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.mail_outbox o where o.user_id = old.uid and o.status = 'pending';
  return old;
end;
$$;
revoke all on function private.forget_mail() from public, anon, authenticated;
create trigger waitlist_forget_mail
  after delete on public.waitlist
  for each row execute function private.forget_mail();
