-- GENERATED, do not edit: the Supabase database's leave-links feature as the migrations leave it:
--   the e-mails’ leave link, read without a sign-in, and the stops it records (LeaveLinks).
-- Made by `npm run schema:supabase -- --write` (scripts/data/supabase-schema.ts) from a
-- throwaway PostgreSQL 15 with stand-ins/supabase/platform.sql and every migration applied,
-- read back from its catalog (owners, extension versions, data and the platform's objects left
-- out). The deploy path is supabase/migrations/ alone, append-only: a change is a new migration
-- (one per feature it touches), then this command. "Migrations:" says how each object got here.

-- table private.mail_stops
-- Migrations: 20261127160000_leave_link_stop.sql
create table private.mail_stops (
  user_id uuid not null,
  joined_ms bigint not null,
  stopped_at timestamp with time zone default now() not null,
  constraint mail_stops_pkey PRIMARY KEY (user_id),
  constraint mail_stops_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);
-- No grants: its owner alone.

-- function private.read_leave_token(text)
-- Migrations: 20261126000000_mail.sql, 20261127160000_leave_link_stop.sql
CREATE OR REPLACE FUNCTION private.read_leave_token(token text)
 RETURNS TABLE(fault text, user_id uuid, joined_ms bigint)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
  begin
    student := uid_text::uuid;
  exception when others then
    student := null; -- no account has such an id
  end;
  if parts[4]::bigint <= extract(epoch from now()) then
    return query select 'expired', student, parts[3]::bigint;
    return;
  end if;
  if student is null then
    return query select 'used', null::uuid, null::bigint;
    return;
  end if;
  return query select null::text, student, parts[3]::bigint;
end;
$function$;
-- No grants: its owner alone.

-- function public.check_leave_link(text)
-- Migrations: 20261126000000_mail.sql
CREATE OR REPLACE FUNCTION public.check_leave_link(token text)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(r.fault, case when exists (
      select 1 from public.waitlist w
      where w.uid = r.user_id and private.joined_ms(w.created_at) = r.joined_ms)
    then 'valid' else 'used' end)
  from private.read_leave_token(token) r
$function$;
grant execute on function public.check_leave_link(text) to anon, authenticated, service_role;

-- function public.leave_by_link(text)
-- Migrations: 20261126000000_mail.sql, 20261127160000_leave_link_stop.sql
CREATE OR REPLACE FUNCTION public.leave_by_link(token text)
 RETURNS text
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  r record;
  gone uuid;
begin
  select * into r from private.read_leave_token(token);
  if r.fault = 'expired' then
    if r.user_id is null or not exists (select 1 from public.waitlist w
        where w.uid = r.user_id and private.joined_ms(w.created_at) = r.joined_ms) then
      return 'expired';
    end if;
    insert into private.mail_stops (user_id, joined_ms) values (r.user_id, r.joined_ms)
    on conflict (user_id) do update set joined_ms = excluded.joined_ms, stopped_at = now();
    update private.mail_outbox o
    set status = 'failed', lease_until = null,
      last_error = 'stopped: the student asked for no more e-mails (an expired link)'
    where o.user_id = r.user_id and o.joined_ms = r.joined_ms and o.status = 'pending';
    return 'stopped';
  end if;
  if r.fault is not null then return r.fault; end if;
  delete from auth.users u
  where u.id = r.user_id
    and exists (select 1 from public.waitlist w
      where w.uid = u.id and private.joined_ms(w.created_at) = r.joined_ms)
  returning u.id into gone;
  return case when gone is null then 'used' else 'left' end;
end;
$function$;
grant execute on function public.leave_by_link(text) to anon, authenticated, service_role;
