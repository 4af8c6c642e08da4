-- GENERATED, do not edit: the Supabase database's campus-requests feature as the migrations leave it:
--   ‘Mi campus no aparece’, the pending campus its askers may join, and a request made a campus
--   (CampusRequests).
-- Made by `npm run schema:supabase -- --write` (scripts/data/supabase-schema.ts) from a
-- throwaway PostgreSQL 15 with stand-ins/supabase/platform.sql and every migration applied,
-- read back from its catalog (owners, extension versions, data and the platform's objects left
-- out). The deploy path is supabase/migrations/ alone, append-only: a change is a new migration
-- (one per feature it touches), then this command. "Migrations:" says how each object got here.

-- table private.added_campuses
-- Migrations: 20261128070000_campus_launch.sql
create table private.added_campuses (
  request_key text not null,
  college_id text not null,
  pending_id text not null,
  added_at timestamp with time zone default now() not null,
  constraint added_campuses_pkey PRIMARY KEY (request_key),
  constraint added_campuses_college_id_key UNIQUE (college_id),
  constraint added_campuses_pending_id_key UNIQUE (pending_id),
  constraint added_campuses_college_id_fkey FOREIGN KEY (college_id) REFERENCES public.colleges(id)
);
-- No grants: its owner alone.

-- table private.campus_requests
-- Migrations: 20261125130000_campus_requests.sql
create table private.campus_requests (
  user_id uuid not null,
  request_key text not null,
  name text not null,
  city text not null,
  created_at timestamp with time zone default now() not null,
  constraint campus_requests_pkey PRIMARY KEY (user_id, request_key),
  constraint campus_requests_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint campus_requests_city_check CHECK (char_length(city) >= 2 AND char_length(city) <= 80),
  constraint campus_requests_name_check CHECK (char_length(name) >= 3 AND char_length(name) <= 120),
  constraint campus_requests_request_key_check CHECK (length(request_key) <= 220)
);
-- No grants: its owner alone.

-- function private.add_campus(text,text,text,text)
-- Migrations: 20261128070000_campus_launch.sql
CREATE OR REPLACE FUNCTION private.add_campus(request_id text, new_id text, new_name text DEFAULT NULL::text, new_short text DEFAULT NULL::text)
 RETURNS TABLE(added boolean, moved integer, queued integer)
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  pending public.colleges;
  done private.added_campuses;
  n text;
  s text;
  moved_count integer;
  queued_count integer;
begin
  select * into done from private.added_campuses a where a.pending_id = request_id;
  if found then
    if done.college_id = new_id then
      return query select false, 0, 0;
      return;
    end if;
    raise exception 'the request % was added as %', request_id, done.college_id using errcode = '22023';
  end if;
  select * into pending from public.colleges c where c.id = request_id and c.request_key is not null
    for update;
  if not found then
    raise exception 'no campus request %', request_id using errcode = '22023';
  end if;
  if new_id is null or new_id !~ '^[a-z0-9]+(-[a-z0-9]+)*$' or length(new_id) > 64
    or new_id ~ '^pendiente-' then
    raise exception 'not a college id: %', new_id using errcode = '22023';
  end if;
  if exists (select 1 from public.colleges c where c.id = new_id) then
    raise exception 'the campus id % is taken', new_id using errcode = '22023';
  end if;
  n := coalesce(nullif(btrim(new_name), ''), pending.name);
  s := coalesce(nullif(btrim(new_short), ''), n);
  insert into public.colleges (id, name, subname, short_name, position)
  values (new_id, n, pending.subname, s, 1000);
  insert into private.added_campuses (request_key, college_id, pending_id)
  values (pending.request_key, new_id, request_id);
  update public.waitlist w set college_id = new_id where w.college_id = request_id;
  get diagnostics moved_count = row_count;
  insert into private.mail_outbox (id, kind, user_id, joined_ms, college_id)
  select 'campus-added:' || new_id || ':' || r.user_id, 'campus-added', r.user_id,
    coalesce(private.joined_ms(w.created_at), 0), new_id
  from private.campus_requests r
  left join public.waitlist w on w.uid = r.user_id
  where r.request_key = pending.request_key
  on conflict (id) do nothing;
  get diagnostics queued_count = row_count;
  -- The pending row goes: its id is no campus any more.
  delete from public.colleges c where c.id = request_id;
  return query select true, moved_count, queued_count;
end
$function$;
-- No grants: its owner alone.

-- function private.campus_request_fold(text)
-- Migrations: 20261125130000_campus_requests.sql
CREATE OR REPLACE FUNCTION private.campus_request_fold(value text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select btrim(regexp_replace(lower(extensions.unaccent('extensions.unaccent'::regdictionary, value)),
    '[^[:alnum:]]+', ' ', 'g'))
$function$;
-- No grants: its owner alone.

-- function private.campus_request_text_ok(text,integer,integer)
-- Migrations: 20261127130000_campus_requests_wall.sql,
--   20261128181200_campus_requests_no_contacts.sql
CREATE OR REPLACE FUNCTION private.campus_request_text_ok(value text, min_length integer, max_length integer)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select coalesce(value, '') <> ''
    and char_length(value) between min_length and max_length
    and value ~ ('^[A-Za-z0-9' || chr(192) || '-' || chr(214) || chr(216) || '-' || chr(246)
      || chr(248) || '-' || chr(591) || chr(7680) || '-' || chr(7935)
      || ' .,''' || chr(8217) || '()&/-]+$')
    and value !~* '(://|www\.)'
    and value !~* ('(@|[a-z0-9]\.[a-z]{2,}(?![a-z' || chr(192) || '-' || chr(214) || chr(216)
      || '-' || chr(246) || chr(248) || '-' || chr(591) || chr(7680) || '-' || chr(7935)
      || '])|[0-9]([ ./-]?[0-9]){4})')
$function$;
-- No grants: its owner alone.

-- function private.campus_request_tidy(text)
-- Migrations: 20261127130000_campus_requests_wall.sql
CREATE OR REPLACE FUNCTION private.campus_request_tidy(value text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$ select btrim(regexp_replace(normalize(coalesce(value, ''), NFC), '\s+', ' ', 'g')) $function$;
-- No grants: its owner alone.

-- function private.may_join(text)
-- Migrations: 20261128070000_campus_launch.sql
CREATE OR REPLACE FUNCTION private.may_join(college text)
 RETURNS boolean
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select college !~ '^pendiente-' or exists (
    select 1 from public.colleges c
    join private.campus_requests r on r.request_key = c.request_key
    where c.id = college and r.user_id = (select auth.uid()))
$function$;
grant execute on function private.may_join(text) to authenticated;

-- function private.pending_campus_id(text)
-- Migrations: 20261128070000_campus_launch.sql
CREATE OR REPLACE FUNCTION private.pending_campus_id(key text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select 'pendiente-' || left(encode(extensions.digest(key, 'sha256'), 'hex'), 24)
$function$;
-- No grants: its owner alone.

-- function public.request_campus(text,text)
-- Migrations: 20261125130000_campus_requests.sql, 20261127130000_campus_requests_wall.sql,
--   20261128070000_campus_launch.sql
CREATE OR REPLACE FUNCTION public.request_campus(name text, city text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  me uuid := (select auth.uid());
  n text := private.campus_request_tidy(request_campus.name);
  c text := private.campus_request_tidy(request_campus.city);
  key text;
  pending text;
begin
  if me is null or not private.is_google_student() then
    raise exception 'sign in with Google to request a campus' using errcode = '42501';
  end if;
  if not private.campus_request_text_ok(n, 3, 120) or not private.campus_request_text_ok(c, 2, 80) then
    raise exception 'invalid campus request' using errcode = '22023';
  end if;
  key := private.campus_request_fold(n) || '|' || private.campus_request_fold(c);
  -- One student's requests one at a time: the count below and the insert are one step.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('campus_requests:' || me::text, 0));
  if not exists (select 1 from private.campus_requests r where r.user_id = me and r.request_key = key) then
    if (select count(*) from private.campus_requests r where r.user_id = me) >= 5 then
      -- PostgREST answers SQLSTATE PT429 with HTTP 429 (resource-exhausted for the page).
      raise exception 'too many campus requests' using errcode = 'PT429';
    end if;
    insert into private.campus_requests (user_id, request_key, name, city)
    values (me, key, n, c)
    on conflict do nothing;
  end if;
  -- The campus as the first student wrote it.
  select r.name, r.city into n, c from private.campus_requests r
  where r.request_key = key order by r.created_at, r.user_id limit 1;
  select a.college_id into pending from private.added_campuses a where a.request_key = key;
  if pending is null then
    pending := private.pending_campus_id(key);
    -- One pending row per campus, made by the first request (its key is unique).
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('campus_add:' || key, 0));
    insert into public.colleges (id, name, subname, short_name, position, request_key)
    values (pending, n, c, n || ' (pendiente)', 1000000, key)
    on conflict do nothing;
  end if;
  return jsonb_build_object('id', pending, 'name', n, 'city', c);
end
$function$;
grant execute on function public.request_campus(text,text) to authenticated, service_role;
