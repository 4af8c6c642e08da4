-- GENERATED, do not edit: the Supabase database's operator-console feature as the migrations leave it:
--   the operator console: the role, the append-only operators’ log, one launch per campus and the
--   due launches, the figures counted on write, and one function per operation (OperatorConsole).
-- Made by `npm run schema:supabase -- --write` (scripts/data/supabase-schema.ts) from a
-- throwaway PostgreSQL 15 with stand-ins/supabase/platform.sql and every migration applied,
-- read back from its catalog (owners, extension versions, data and the platform's objects left
-- out). The deploy path is supabase/migrations/ alone, append-only: a change is a new migration
-- (one per feature it touches), then this command. "Migrations:" says how each object got here.

-- table private.launches
-- Migrations: 20261129000100_operator_console_records.sql
create table private.launches (
  college_id text not null,
  state text not null,
  run_at timestamp with time zone not null,
  by_actor text not null,
  scheduled_at timestamp with time zone,
  launched_at timestamp with time zone,
  students integer,
  constraint launches_pkey PRIMARY KEY (college_id),
  constraint launches_college_id_fkey FOREIGN KEY (college_id) REFERENCES public.colleges(id) ON DELETE CASCADE,
  constraint launches_check CHECK ((state = 'launched'::text) = (launched_at IS NOT NULL AND students IS NOT NULL)),
  constraint launches_state_check CHECK (state = ANY (ARRAY['scheduled'::text, 'launched'::text]))
);
CREATE INDEX launches_due ON private.launches USING btree (run_at) WHERE (state = 'scheduled'::text);
alter table private.launches enable row level security;
-- No grants: its owner alone.

-- table private.operator_counts
-- Migrations: 20261129000100_operator_console_records.sql
create table private.operator_counts (
  college_id text not null,
  key text not null,
  n integer default 0 not null,
  constraint operator_counts_pkey PRIMARY KEY (college_id, key)
);
alter table private.operator_counts enable row level security;
-- No grants: its owner alone.

-- table private.operator_log
-- Migrations: 20261129000100_operator_console_records.sql
create table private.operator_log (
  id bigint generated always as identity not null,
  at timestamp with time zone default now() not null,
  actor text not null,
  action text not null,
  target text,
  outcome text not null,
  before jsonb,
  after jsonb,
  constraint operator_log_pkey PRIMARY KEY (id),
  constraint operator_log_action_check CHECK (action = ANY (ARRAY['settings'::text, 'launch'::text, 'launch-schedule'::text, 'launch-cancel'::text, 'campus-add'::text, 'photo-approve'::text, 'photo-reject'::text, 'strip'::text, 'student-view'::text, 'student-export'::text, 'student-delete'::text, 'role-grant'::text, 'role-revoke'::text])),
  constraint operator_log_actor_check CHECK (char_length(actor) >= 1 AND char_length(actor) <= 320),
  constraint operator_log_outcome_check CHECK (char_length(outcome) >= 1 AND char_length(outcome) <= 100),
  constraint operator_log_target_check CHECK (char_length(target) <= 200)
);
CREATE INDEX operator_log_at ON private.operator_log USING btree (at DESC, id DESC);
alter table private.operator_log enable row level security;
-- No grants: its owner alone.

-- table private.operator_members
-- Migrations: 20261129000100_operator_console_records.sql
create table private.operator_members (
  user_id uuid not null,
  college_id text not null,
  keys text[] not null,
  constraint operator_members_pkey PRIMARY KEY (user_id)
);
alter table private.operator_members enable row level security;
-- No grants: its owner alone.

-- table private.operators
-- Migrations: 20261129000100_operator_console_records.sql
create table private.operators (
  user_id uuid not null,
  granted_at timestamp with time zone default now() not null,
  granted_by text not null,
  constraint operators_pkey PRIMARY KEY (user_id),
  constraint operators_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint operators_granted_by_check CHECK (char_length(granted_by) >= 1 AND char_length(granted_by) <= 200)
);
alter table private.operators enable row level security;
-- No grants: its owner alone.

-- function private.as_uuid(text)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION private.as_uuid(value text)
 RETURNS uuid
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then value::uuid end
$function$;
-- No grants: its owner alone.

-- function private.is_catalogue_campus(text)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION private.is_catalogue_campus(campus text)
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select exists (select 1 from public.colleges c where c.id = campus and c.request_key is null)
$function$;
-- No grants: its owner alone.

-- function private.launch_campus(text,text,timestamp with time zone)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION private.launch_campus(campus text, actor text, scheduled_for timestamp with time zone)
 RETURNS jsonb
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  q record;
begin
  select * into q from private.queue_launch(campus);
  insert into private.launches (college_id, state, run_at, by_actor, scheduled_at, launched_at, students)
  values (campus, 'launched', coalesce(scheduled_for, now()), actor,
    case when scheduled_for is not null then now() end, now(), q.students)
  on conflict (college_id) do update set state = 'launched', launched_at = now(),
    students = excluded.students;
  perform private.log_operator(actor, 'launch', campus, 'done', null,
    jsonb_build_object('students', q.students, 'queued', q.queued, 'scheduledFor', scheduled_for));
  return private.operator_launch_of(campus);
end
$function$;
-- No grants: its owner alone.

-- function private.log_operator(text,text,text,text,jsonb,jsonb)
-- Migrations: 20261129000100_operator_console_records.sql
CREATE OR REPLACE FUNCTION private.log_operator(actor text, action text, target text, outcome text, before jsonb DEFAULT NULL::jsonb, after jsonb DEFAULT NULL::jsonb)
 RETURNS void
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  insert into private.operator_log (actor, action, target, outcome, before, after)
  values (actor, action, left(target, 200), outcome, before, after)
$function$;
-- No grants: its owner alone.

-- function private.mexico_city_instant(text)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION private.mexico_city_instant(value text)
 RETURNS timestamp with time zone
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if value !~ '^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$' then
    return null;
  end if;
  return make_timestamptz(substr(value, 1, 4)::integer, substr(value, 6, 2)::integer,
    substr(value, 9, 2)::integer, substr(value, 12, 2)::integer, substr(value, 15, 2)::integer,
    0, 'UTC') + interval '6 hours';
exception when others then
  return null;
end
$function$;
-- No grants: its owner alone.

-- function private.mexico_city_today()
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION private.mexico_city_today()
 RETURNS date
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$ select ((now() at time zone 'UTC') - interval '6 hours')::date $function$;
-- No grants: its owner alone.

-- function private.operator_campus_rows(text)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION private.operator_campus_rows(only_campus text DEFAULT NULL::text)
 RETURNS SETOF jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  with requested as (
    select coalesce(a.college_id, private.pending_campus_id(r.request_key)) as college_id,
      count(*)::integer as requests,
      count(cm.user_id)::integer as requests_verified
    from private.campus_requests r
    left join private.added_campuses a using (request_key)
    left join private.counted_members cm on cm.user_id = r.user_id
    group by 1
  ),
  ids as (
    select oc.college_id from private.operator_counts oc where oc.key = 'joined' and oc.n > 0
    union select s.college_id from private.campus_settings s
    union select q.college_id from requested q
    union select l.college_id from private.launches l
    union select r.college_id from private.launch_runs r
  )
  select jsonb_build_object(
    'campus', ids.college_id,
    'name', case when c.request_key is not null or c.id is null then 'pendiente'
      else coalesce(nullif(c.short_name, ''), c.name) end,
    'pending', ids.college_id ~ '^pendiente-',
    'counts', coalesce((
      select jsonb_object_agg(oc.key, oc.n) from private.operator_counts oc
      where oc.college_id = ids.college_id and oc.n <> 0 and oc.key !~ '^day'), '{}'::jsonb)
      || jsonb_build_object('verified', coalesce(cc.verified, 0)),
    'milestones', coalesce((
      select jsonb_agg(m.milestone order by m.milestone) from private.campus_milestones m
      where m.college_id = ids.college_id), '[]'::jsonb),
    'requests', coalesce(q.requests, 0),
    'requestsVerified', coalesce(q.requests_verified, 0),
    'settings', private.operator_settings_of(ids.college_id),
    'launch', private.operator_launch_of(ids.college_id))
  from ids
  left join public.colleges c on c.id = ids.college_id
  left join private.campus_counts cc on cc.college_id = ids.college_id
  left join requested q on q.college_id = ids.college_id
  where only_campus is null or ids.college_id = only_campus
  order by ids.college_id
$function$;
-- No grants: its owner alone.

-- function private.operator_counts_on_entry()
-- Migrations: 20261129000100_operator_console_records.sql
CREATE OR REPLACE FUNCTION private.operator_counts_on_entry()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.reconcile_operator_counts(coalesce(new.uid, old.uid));
  if tg_op = 'UPDATE' and new.uid is distinct from old.uid then
    perform private.reconcile_operator_counts(old.uid);
  end if;
  -- An invite counts at the inviter's campus: the inviter's move changes their invitees' credit.
  perform private.reconcile_operator_counts(i.invitee)
  from private.invites i where i.inviter = coalesce(new.uid, old.uid);
  return null;
end
$function$;
-- No grants: its owner alone.

-- function private.operator_counts_on_invite()
-- Migrations: 20261129000100_operator_console_records.sql
CREATE OR REPLACE FUNCTION private.operator_counts_on_invite()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.reconcile_operator_counts(coalesce(new.invitee, old.invitee));
  if tg_op = 'UPDATE' and new.invitee is distinct from old.invitee then
    perform private.reconcile_operator_counts(old.invitee);
  end if;
  return null;
end
$function$;
-- No grants: its owner alone.

-- function private.operator_counts_on_student()
-- Migrations: 20261129000100_operator_console_records.sql
CREATE OR REPLACE FUNCTION private.operator_counts_on_student()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.reconcile_operator_counts(coalesce(new.user_id, old.user_id));
  if tg_op = 'UPDATE' and new.user_id is distinct from old.user_id then
    perform private.reconcile_operator_counts(old.user_id);
  end if;
  return null;
end
$function$;
-- No grants: its owner alone.

-- function private.operator_day(text)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION private.operator_day(value text)
 RETURNS date
 LANGUAGE plpgsql
 IMMUTABLE
 SET search_path TO ''
AS $function$
begin
  if value !~ '^\d{4}-\d{2}-\d{2}$' then
    return null;
  end if;
  return make_date(substr(value, 1, 4)::integer, substr(value, 6, 2)::integer,
    substr(value, 9, 2)::integer);
exception when others then
  return null;
end
$function$;
-- No grants: its owner alone.

-- function private.operator_keys_of(uuid)
-- Migrations: 20261129000100_operator_console_records.sql
CREATE OR REPLACE FUNCTION private.operator_keys_of(student uuid)
 RETURNS TABLE(college_id text, keys text[])
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select w.college_id,
    array_remove(array[
      'joined',
      'day:' || d.day,
      case when v.yes then 'day-verified:' || d.day end,
      case when v.yes and exists (
        select 1 from private.invites i
        join public.waitlist wr on wr.uid = i.inviter and wr.college_id = w.college_id
        where i.invitee = w.uid) then 'invited' end,
      case when sc.user_id is not null then 'seller' end,
      case when sc.user_id is not null and v.yes then 'seller-verified' end,
      case when js.user_id is not null then 'source:' || s.key end,
      case when js.user_id is not null and v.yes then 'source-verified:' || s.key end
    ]::text[], null)
    || coalesce(array(select distinct 'seller:' || c from unnest(sc.categories) c order by 1),
      '{}'::text[])
  from public.waitlist w
  cross join lateral (
    select to_char((w.created_at at time zone 'UTC') - interval '6 hours', 'YYYY-MM-DD') as day) d
  cross join lateral (
    select exists (select 1 from private.counted_members cm
      where cm.user_id = w.uid and cm.college_id = w.college_id) as yes) v
  left join private.seller_choices sc on sc.user_id = w.uid
  left join private.join_sources js on js.user_id = w.uid
  cross join lateral (
    select coalesce(js.source, '-') || '/' || coalesce(js.medium, '-') || '/'
      || coalesce(js.campaign, '-') as key) s
  where w.uid = student
$function$;
-- No grants: its owner alone.

-- function private.operator_launch_of(text)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION private.operator_launch_of(campus text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce((
    select case l.state
      when 'scheduled' then jsonb_build_object('state', 'scheduled', 'at', l.run_at, 'by', l.by_actor)
      else jsonb_build_object('state', 'launched', 'at', l.launched_at, 'by', l.by_actor,
        'students', l.students) end
    from private.launches l where l.college_id = campus),
    -- A launch sent by `npm run notify:campus` before the console: launched by the terminal.
    (select jsonb_build_object('state', 'launched', 'at', min(r.ran_at), 'by', 'terminal',
        'students', max(r.students))
      from private.launch_runs r where r.college_id = campus
      having count(*) > 0),
    jsonb_build_object('state', 'none'))
$function$;
-- No grants: its owner alone.

-- function private.operator_log_guard()
-- Migrations: 20261129000100_operator_console_records.sql
CREATE OR REPLACE FUNCTION private.operator_log_guard()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  if tg_op = 'DELETE' then
    if old.at < now() - interval '730 days' then
      return old;
    end if;
  end if;
  raise exception 'the operators'' log is append-only (%)', tg_op using errcode = '42501';
end
$function$;
-- No grants: its owner alone.

-- function private.operator_settings_of(text)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION private.operator_settings_of(campus text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'threshold', coalesce(s.threshold, 100),
    'sellerMinimum', coalesce(s.seller_minimum, 10),
    'state', coalesce(s.state, 'gathering'),
    'opensOn', to_char(s.opens_on, 'YYYY-MM-DD'))
  from (select 1) one
  left join private.campus_settings s on s.college_id = campus
$function$;
-- No grants: its owner alone.

-- function private.operator_typed_line(jsonb,integer)
-- Migrations: 20261129040000_operator_console_terminal.sql
CREATE OR REPLACE FUNCTION private.operator_typed_line(value jsonb, max integer)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select case when t <> '' and char_length(t) <= max and t !~ '[\x01-\x1f\x7f<>]' then t end
  from (select btrim(regexp_replace(value #>> '{}', '\s+', ' ', 'g')) as t
        where jsonb_typeof(value) = 'string') typed
$function$;
-- No grants: its owner alone.

-- function private.reconcile_operator_counts(uuid)
-- Migrations: 20261129000100_operator_console_records.sql
CREATE OR REPLACE FUNCTION private.reconcile_operator_counts(student uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  had_college text;
  had_keys text[];
  want_college text;
  want_keys text[];
begin
  -- One student at a time: two writes of one student never interleave here.
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtextextended('operator_counts:' || student::text, 0));
  select m.college_id, m.keys into had_college, had_keys
  from private.operator_members m where m.user_id = student;
  select k.college_id, k.keys into want_college, want_keys from private.operator_keys_of(student) k;
  if had_college is not distinct from want_college and had_keys is not distinct from want_keys then
    return;
  end if;
  if want_college is null then
    delete from private.operator_members m where m.user_id = student;
  else
    insert into private.operator_members (user_id, college_id, keys)
    values (student, want_college, want_keys)
    on conflict (user_id) do update set college_id = excluded.college_id, keys = excluded.keys;
  end if;
  -- One statement, the rows in a fixed order: two students' changes lock them in the same order.
  insert into private.operator_counts as counts (college_id, key, n)
  select change.college_id, change.key, sum(change.delta)::integer
  from (
    select had_college, k, -1 from unnest(had_keys) k where had_college is not null
    union all
    select want_college, k, 1 from unnest(want_keys) k where want_college is not null
  ) as change (college_id, key, delta)
  group by change.college_id, change.key
  having sum(change.delta) <> 0
  order by change.college_id, change.key
  on conflict (college_id, key) do update set n = counts.n + excluded.n;
end
$function$;
-- No grants: its owner alone.

-- function private.recount_operator_counts()
-- Migrations: 20261129000100_operator_console_records.sql
CREATE OR REPLACE FUNCTION private.recount_operator_counts()
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  lock table public.waitlist in share mode;
  lock table private.operator_members, private.operator_counts in exclusive mode;
  delete from private.operator_members;
  delete from private.operator_counts;
  insert into private.operator_members (user_id, college_id, keys)
  select w.uid, k.college_id, k.keys
  from public.waitlist w cross join lateral private.operator_keys_of(w.uid) k;
  insert into private.operator_counts (college_id, key, n)
  select m.college_id, key, count(*)::integer
  from private.operator_members m cross join lateral unnest(m.keys) key
  group by 1, 2;
end
$function$;
-- No grants: its owner alone.

-- function private.require_operator()
-- Migrations: 20261129000100_operator_console_records.sql,
--   20261129040000_operator_console_terminal.sql
CREATE OR REPLACE FUNCTION private.require_operator()
 RETURNS text
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  address text;
  actor text := nullif(pg_catalog.current_setting('operator.actor', true), '');
  api_roles text[] := array['anon', 'authenticated', 'service_role', 'authenticator'];
begin
  select lower(u.email) into address
  from private.operators o join auth.users u on u.id = o.user_id
  where o.user_id = (select auth.uid());
  if address is not null then
    return address;
  end if;
  if (select auth.uid()) is null
    and actor ~ '^terminal:[^[:space:][:cntrl:]]{1,190}$'
    and not (session_user::text = any (api_roles))
    and not (coalesce(pg_catalog.current_setting('role', true), 'none') = any (api_roles)) then
    return actor;
  end if;
  raise exception 'operators only' using errcode = '42501';
end
$function$;
-- No grants: its owner alone.

-- function private.run_due_launches(timestamp with time zone)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION private.run_due_launches(at timestamp with time zone DEFAULT now())
 RETURNS integer
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  due record;
  ran integer := 0;
begin
  for due in
    select l.college_id from private.launches l
    where l.state = 'scheduled' and l.run_at <= run_due_launches.at
    order by l.run_at, l.college_id
  loop
    perform pg_catalog.pg_advisory_xact_lock(
      pg_catalog.hashtextextended('operator_launch:' || due.college_id, 0));
    -- Cancelled or run meanwhile: nothing to do.
    perform 1 from private.launches l
    where l.college_id = due.college_id and l.state = 'scheduled' and l.run_at <= run_due_launches.at;
    if found then
      perform private.launch_campus(due.college_id,
        (select l.by_actor from private.launches l where l.college_id = due.college_id),
        (select l.run_at from private.launches l where l.college_id = due.college_id));
      ran := ran + 1;
    end if;
  end loop;
  return ran;
end
$function$;
-- No grants: its owner alone.

-- function private.set_operator(text,boolean,text)
-- Migrations: 20261129000100_operator_console_records.sql
CREATE OR REPLACE FUNCTION private.set_operator(address text, grant_role boolean, actor text)
 RETURNS TABLE(uid uuid, email text, changed boolean)
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
declare
  account uuid;
  account_email text;
  n integer;
begin
  select u.id, u.email into account, account_email from auth.users u
  where lower(u.email) = lower(btrim(address))
  order by u.created_at limit 1;
  if account is null then
    raise exception 'no account with the address %', address using errcode = 'P0002';
  end if;
  if grant_role then
    insert into private.operators (user_id, granted_by) values (account, actor)
    on conflict (user_id) do nothing;
  else
    delete from private.operators o where o.user_id = account;
  end if;
  get diagnostics n = row_count;
  perform private.log_operator(actor, case when grant_role then 'role-grant' else 'role-revoke' end,
    account::text, case when n > 0 then 'done' else 'unchanged' end);
  return query select account, account_email, n > 0;
end
$function$;
-- No grants: its owner alone.

-- function private.student_record(uuid)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION private.student_record(student uuid)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select jsonb_build_object(
    'uid', u.id,
    'email', coalesce(w.email, u.email),
    'collegeId', w.college_id,
    'joinedAt', w.created_at,
    'data', jsonb_build_object(
      'account', jsonb_build_object('email', u.email, 'createdAt', u.created_at,
        'lastSignInAt', u.last_sign_in_at),
      'entry', (select to_jsonb(x) from public.waitlist x where x.uid = u.id),
      'verifiedAddress', (select to_jsonb(x) - 'user_id' from private.email_verifications x
        where x.user_id = u.id),
      'sellerChoice', (select to_jsonb(x) - 'user_id' from private.seller_choices x
        where x.user_id = u.id),
      'joinSource', (select to_jsonb(x) - 'user_id' from private.join_sources x
        where x.user_id = u.id),
      'heroConsent', (select to_jsonb(x) - 'user_id' from public.hero_consent x
        where x.user_id = u.id),
      'heroReview', (select to_jsonb(x) - 'user_id' from private.hero_photo_review x
        where x.user_id = u.id),
      'inviteCode', (select x.code from private.invite_codes x where x.user_id = u.id),
      'invitedBy', (select x.inviter from private.invites x where x.invitee = u.id),
      'invited', (select coalesce(jsonb_agg(x.invitee), '[]'::jsonb) from private.invites x
        where x.inviter = u.id),
      'campusRequests', (select coalesce(jsonb_agg(jsonb_build_object('name', x.name,
        'city', x.city, 'createdAt', x.created_at)), '[]'::jsonb)
        from private.campus_requests x where x.user_id = u.id),
      'mail', (select coalesce(jsonb_agg(jsonb_build_object('id', x.id, 'kind', x.kind,
        'status', x.status, 'createdAt', x.created_at, 'sentAt', x.sent_at) order by x.created_at),
        '[]'::jsonb) from private.mail_outbox x where x.user_id = u.id),
      'operator', exists (select 1 from private.operators x where x.user_id = u.id)))
  from auth.users u
  left join public.waitlist w on w.uid = u.id
  where u.id = student
$function$;
-- No grants: its owner alone.

-- function public.operator_access()
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION public.operator_access()
 RETURNS jsonb
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$ select jsonb_build_object('email', private.require_operator()) $function$;
grant execute on function public.operator_access() to authenticated, service_role;

-- function public.operator_add_campus(jsonb)
-- Migrations: 20261129000300_operator_console_functions.sql,
--   20261129040000_operator_console_terminal.sql
CREATE OR REPLACE FUNCTION public.operator_add_campus(input jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  actor text := private.require_operator();
  request text := input ->> 'request';
  new_id text := input ->> 'id';
  new_name text := private.operator_typed_line(input -> 'name', 120);
  new_short text := private.operator_typed_line(input -> 'shortName', 60);
  new_city text := private.operator_typed_line(input -> 'city', 120);
  new_state text := private.operator_typed_line(input -> 'state', 60);
  domains text[];
  refusal text;
  result record;
  typed jsonb;
begin
  if jsonb_typeof(input) = 'object' and jsonb_typeof(input -> 'domains') = 'array' then
    -- Trimmed, lowercase, once each in the order typed; a value that is no string is ''.
    domains := array(
      select d.domain from (
        select distinct on (x.domain) x.domain, x.n
        from (
          select lower(regexp_replace(case when jsonb_typeof(e) = 'string' then e #>> '{}' else '' end,
              '^\s+|\s+$', '', 'g')) as domain, n
          from jsonb_array_elements(input -> 'domains') with ordinality as a (e, n)
        ) x
        order by x.domain, x.n
      ) d
      order by d.n);
  end if;
  if jsonb_typeof(input -> 'request') is distinct from 'string' or request !~ '^pendiente-[0-9a-f]{24}$' then
    refusal := 'campus-add:request';
  elsif jsonb_typeof(input -> 'id') is distinct from 'string' or new_id !~ '^[a-z0-9]+(-[a-z0-9]+)*$'
    or length(new_id) > 64 or new_id ~ '^pendiente-' then
    refusal := 'campus-add:id';
  elsif new_name is null then
    refusal := 'campus-add:name';
  elsif new_short is null then
    refusal := 'campus-add:shortName';
  elsif new_city is null then
    refusal := 'campus-add:city';
  elsif new_state is null then
    refusal := 'campus-add:state';
  elsif domains is null or cardinality(domains) not between 1 and 10 or exists (
    select 1 from unnest(domains) d
    where char_length(d) not between 4 and 253
      or d !~ '^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$') then
    refusal := 'campus-add:domains';
  end if;
  typed := jsonb_build_object('request', left(request, 64), 'name', new_name,
    'shortName', new_short, 'city', new_city, 'state', new_state, 'domains', to_jsonb(domains));
  if refusal is null then
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('operator_add:' || request, 0));
    begin
      select * into result from private.add_campus(request, new_id, new_name, new_short);
    exception when sqlstate '22023' then
      refusal := case
        when sqlerrm like 'the campus id % is taken' then 'campus-add:taken'
        when sqlerrm like 'the request % was added as %' then 'campus-add:added-as-other'
        else 'campus-add:request' end;
    end;
  end if;
  if refusal is not null then
    perform private.log_operator(actor, 'campus-add', left(coalesce(new_id, request), 200),
      refusal, null, typed);
    return jsonb_build_object('refused', refusal);
  end if;
  if result.added then
    update public.colleges c
    set subname = new_city, keywords = array[new_city, new_state], email_domains = domains
    where c.id = new_id;
  end if;
  perform private.log_operator(actor, 'campus-add', new_id,
    case when result.added then 'done' else 'already' end, null,
    typed || jsonb_build_object('moved', result.moved, 'queued', result.queued));
  return jsonb_build_object('added', result.added, 'moved', result.moved, 'queued', result.queued);
end
$function$;
grant execute on function public.operator_add_campus(jsonb) to authenticated, service_role;

-- function public.operator_audit_log(integer)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION public.operator_audit_log(lim integer DEFAULT 200)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_operator();
  return coalesce((
    select jsonb_agg(jsonb_build_object('id', l.id::text, 'at', l.at, 'actor', l.actor,
        'action', l.action, 'target', l.target, 'outcome', l.outcome, 'before', l.before,
        'after', l.after) order by l.at desc, l.id desc)
    from (select * from private.operator_log x order by x.at desc, x.id desc
      limit greatest(1, least(coalesce(lim, 200), 1000))) l), '[]'::jsonb);
end
$function$;
grant execute on function public.operator_audit_log(integer) to authenticated, service_role;

-- function public.operator_campus_days(text)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION public.operator_campus_days(college text)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_operator();
  return coalesce((
    select jsonb_agg(jsonb_build_object('day', d.day, 'joined', d.joined, 'verified', d.verified)
      order by d.day)
    from (
      select substr(oc.key, 5) as day, oc.n as joined,
        coalesce((select v.n from private.operator_counts v
          where v.college_id = college and v.key = 'day-verified:' || substr(oc.key, 5)), 0) as verified
      from private.operator_counts oc
      where oc.college_id = college and oc.key like 'day:%' and oc.n > 0
    ) d), '[]'::jsonb);
end
$function$;
grant execute on function public.operator_campus_days(text) to authenticated, service_role;

-- function public.operator_campuses()
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION public.operator_campuses()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_operator();
  return coalesce((select jsonb_agg(r) from private.operator_campus_rows() r), '[]'::jsonb);
end
$function$;
grant execute on function public.operator_campuses() to authenticated, service_role;

-- function public.operator_cancel_launch(text)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION public.operator_cancel_launch(college text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  actor text := private.require_operator();
  was timestamptz;
begin
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('operator_launch:' || college, 0));
  delete from private.launches l where l.college_id = college and l.state = 'scheduled'
  returning l.run_at into was;
  if was is null then
    perform private.log_operator(actor, 'launch-cancel', left(college, 200), 'not-scheduled');
    return jsonb_build_object('refused', 'not-scheduled');
  end if;
  perform private.log_operator(actor, 'launch-cancel', college, 'done',
    jsonb_build_object('at', was), null);
  return jsonb_build_object('status', private.operator_launch_of(college));
end
$function$;
grant execute on function public.operator_cancel_launch(text) to authenticated, service_role;

-- function public.operator_delete_student(text)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION public.operator_delete_student(uid text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  actor text := private.require_operator();
  student uuid := private.as_uuid(uid);
  campus text;
  gone uuid;
begin
  select w.college_id into campus from public.waitlist w where w.uid = student;
  delete from auth.users u where u.id = student returning u.id into gone;
  perform private.log_operator(actor, 'student-delete', left(uid, 200),
    case when gone is null then 'not-found' else 'done' end,
    jsonb_build_object('collegeId', campus), null);
  if gone is null then
    return jsonb_build_object('notFound', true);
  end if;
  return jsonb_build_object('done', true);
end
$function$;
grant execute on function public.operator_delete_student(text) to authenticated, service_role;

-- function public.operator_export_student(text)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION public.operator_export_student(uid text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  actor text := private.require_operator();
  student uuid := private.as_uuid(uid);
  answer jsonb;
begin
  answer := private.student_record(student);
  perform private.log_operator(actor, 'student-export', left(uid, 200),
    case when answer is null then 'not-found' else 'done' end);
  return coalesce(answer, jsonb_build_object('notFound', true));
end
$function$;
grant execute on function public.operator_export_student(text) to authenticated, service_role;

-- function public.operator_find_student(text)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION public.operator_find_student(email text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  actor text := private.require_operator();
  wanted text := lower(btrim(email));
  student uuid;
begin
  select u.id into student from auth.users u where lower(u.email) = wanted
  order by u.created_at limit 1;
  if student is null then
    select w.uid into student from public.waitlist w where lower(w.email) = wanted limit 1;
  end if;
  if student is null then
    select v.user_id into student from private.email_verifications v where v.address = wanted;
  end if;
  -- The log names the student by uid only: never the address searched for.
  perform private.log_operator(actor, 'student-view', student::text,
    case when student is null then 'not-found' else 'done' end);
  return private.student_record(student);
end
$function$;
grant execute on function public.operator_find_student(text) to authenticated, service_role;

-- function public.operator_health()
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION public.operator_health()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_operator();
  return jsonb_build_object(
    'failures', coalesce((
      select jsonb_agg(jsonb_build_object('day', to_char(d.day, 'YYYY-MM-DD'),
          'counts', coalesce((select jsonb_object_agg(f.kind || '/' || f.code, f.count)
            from private.failure_counts f where f.day = d.day), '{}'::jsonb),
          'dropped', coalesce((select x.dropped from private.failure_drops_by_day() x
            where x.day = d.day), 0))
        order by d.day desc)
      from (select f.day from private.failure_counts f
        union select x.day from private.failure_drops_by_day() x) d), '[]'::jsonb),
    'retention', (select jsonb_build_object('at', r.at, 'deleted', r.deleted)
      from private.retention_runs r order by r.at desc, r.id desc limit 1));
end
$function$;
grant execute on function public.operator_health() to authenticated, service_role;

-- function public.operator_hero_photos()
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION public.operator_hero_photos()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_operator();
  return jsonb_build_object(
    'photos', coalesce((
      select jsonb_agg(jsonb_build_object('uid', q.user_id, 'photo', q.photo_url, 'status', q.status)
        order by q.status <> 'pending', q.granted_at, q.user_id)
      from private.hero_photo_queue q where q.photo_url is not null), '[]'::jsonb),
    'stripEnabled', coalesce((select s.strip_enabled from private.hero_settings s where s.id), true));
end
$function$;
grant execute on function public.operator_hero_photos() to authenticated, service_role;

-- function public.operator_launch(text,text,text)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION public.operator_launch(college text, confirm text, at text DEFAULT NULL::text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  actor text := private.require_operator();
  later boolean := nullif(at, '') is not null;
  action text := case when nullif(at, '') is not null then 'launch-schedule' else 'launch' end;
  instant timestamptz;
  refusal text;
begin
  if confirm is null or btrim(confirm) <> college then
    refusal := 'confirmation';
  elsif not private.is_catalogue_campus(college) then
    refusal := 'unknown-campus';
  elsif later then
    instant := private.mexico_city_instant(at);
    if instant is null or instant <= now() or instant > now() + interval '60 days' then
      refusal := 'time';
    end if;
  end if;
  if refusal is null then
    -- One launch of a campus at a time: the second waits, then finds the first's row.
    perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('operator_launch:' || college, 0));
    if exists (select 1 from private.launches l where l.college_id = college)
      or exists (select 1 from private.launch_runs r where r.college_id = college) then
      refusal := 'already';
    end if;
  end if;
  if refusal is not null then
    perform private.log_operator(actor, action, left(college, 200), refusal, null,
      jsonb_build_object('at', nullif(at, '')));
    return jsonb_build_object('refused', refusal);
  end if;
  if not later then
    return jsonb_build_object('status', private.launch_campus(college, actor, null));
  end if;
  insert into private.launches (college_id, state, run_at, by_actor, scheduled_at)
  values (college, 'scheduled', instant, actor, now());
  perform private.log_operator(actor, 'launch-schedule', college, 'done', null,
    jsonb_build_object('at', instant, 'local', at));
  return jsonb_build_object('status', private.operator_launch_of(college));
end
$function$;
grant execute on function public.operator_launch(text,text,text) to authenticated, service_role;

-- function public.operator_launch_preview(text)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION public.operator_launch_preview(college text)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  counts record;
  sample jsonb;
begin
  perform private.require_operator();
  if not private.is_catalogue_campus(college) then
    return jsonb_build_object('notFound', true);
  end if;
  select * into counts from private.queue_launch(college, true);
  -- The facts the sender writes a launch message from (private.claim_mail's): the address is
  -- not among them (the console shows the message, not who gets it).
  select jsonb_build_object(
      'uid', w.uid,
      'joinedMs', private.joined_ms(w.created_at),
      'name', coalesce((
        select coalesce(i.identity_data ->> 'full_name', i.identity_data ->> 'name')
        from auth.identities i
        where i.user_id = w.uid and i.provider = 'google'
        order by i.created_at desc limit 1), ''),
      'campus', coalesce(nullif(c.short_name, ''), c.name),
      'campusId', c.id)
    into sample
  from public.waitlist w join public.colleges c on c.id = w.college_id
  where w.college_id = college
  order by w.created_at, w.uid
  limit 1;
  return jsonb_build_object('students', counts.students, 'alreadyQueued', counts.already,
    'sample', sample);
end
$function$;
grant execute on function public.operator_launch_preview(text) to authenticated, service_role;

-- function public.operator_requests()
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION public.operator_requests()
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  perform private.require_operator();
  return coalesce((
    select jsonb_agg(jsonb_build_object('pendingId', p.id, 'name', first.name, 'city', first.city,
        'requests', p.requests, 'joined', p.joined) order by p.requests desc, p.id)
    from (
      select c.id, c.request_key,
        (select count(*)::integer from private.campus_requests r where r.request_key = c.request_key)
          as requests,
        coalesce((select oc.n from private.operator_counts oc
          where oc.college_id = c.id and oc.key = 'joined'), 0) as joined
      from public.colleges c
      where c.request_key is not null
        and not exists (select 1 from private.added_campuses a where a.request_key = c.request_key)
    ) p
    cross join lateral (
      select r.name, r.city from private.campus_requests r where r.request_key = p.request_key
      order by r.created_at, r.user_id limit 1) first), '[]'::jsonb);
end
$function$;
grant execute on function public.operator_requests() to authenticated, service_role;

-- function public.operator_review_photo(text,boolean)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION public.operator_review_photo(uid text, approved boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  actor text := private.require_operator();
  action text := case when approved then 'photo-approve' else 'photo-reject' end;
  decided text;
begin
  insert into private.hero_photo_review (user_id, photo_url, approved)
  select q.user_id, q.photo_url, operator_review_photo.approved from private.hero_photo_queue q
  where q.user_id::text = operator_review_photo.uid and q.photo_url is not null
  on conflict (user_id) do update
    set photo_url = excluded.photo_url, approved = excluded.approved, decided_at = now()
  returning photo_url into decided;
  if decided is null then
    perform private.log_operator(actor, action, left(uid, 200), 'no-photo');
    return jsonb_build_object('notFound', true);
  end if;
  perform private.log_operator(actor, action, uid, 'done');
  return jsonb_build_object('done', true);
end
$function$;
grant execute on function public.operator_review_photo(text,boolean) to authenticated, service_role;

-- function public.operator_save_settings(text,jsonb)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION public.operator_save_settings(college text, settings jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  actor text := private.require_operator();
  v jsonb := coalesce(settings, '{}'::jsonb);
  t numeric;
  m numeric;
  opens date := null;
  before jsonb;
  after jsonb;
begin
  if jsonb_typeof(v) <> 'object' then
    v := '{}'::jsonb;
  end if;
  if jsonb_typeof(v -> 'threshold') = 'number' then
    t := (v ->> 'threshold')::numeric;
  end if;
  if t is null or t <> trunc(t) or t < 10 or t > 100000 then
    return jsonb_build_object('refused', 'threshold');
  end if;
  if jsonb_typeof(v -> 'sellerMinimum') = 'number' then
    m := (v ->> 'sellerMinimum')::numeric;
  end if;
  if m is null or m <> trunc(m) or m < 0 or m > 10000 then
    return jsonb_build_object('refused', 'sellerMinimum');
  end if;
  if jsonb_typeof(v -> 'state') is distinct from 'string'
    or v ->> 'state' not in ('gathering', 'opening', 'open') then
    return jsonb_build_object('refused', 'state');
  end if;
  if coalesce(jsonb_typeof(v -> 'opensOn'), 'null') <> 'null' and v ->> 'opensOn' <> '' then
    if jsonb_typeof(v -> 'opensOn') <> 'string' then
      return jsonb_build_object('refused', 'opensOn');
    end if;
    opens := private.operator_day(v ->> 'opensOn');
    if opens is null or opens < private.mexico_city_today() then
      return jsonb_build_object('refused', 'opensOn');
    end if;
  end if;
  if not private.is_catalogue_campus(college) then
    return jsonb_build_object('notFound', true);
  end if;
  -- One change of a campus's settings at a time: `before` is what this one replaced.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('operator_settings:' || college, 0));
  before := private.operator_settings_of(college);
  insert into private.campus_settings (college_id, threshold, seller_minimum, state, opens_on)
  values (college, t::integer, m::integer, v ->> 'state', opens)
  on conflict (college_id) do update set threshold = excluded.threshold,
    seller_minimum = excluded.seller_minimum, state = excluded.state, opens_on = excluded.opens_on;
  after := private.operator_settings_of(college);
  perform private.log_operator(actor, 'settings', college, 'done', before, after);
  return (select r from private.operator_campus_rows(college) r);
end
$function$;
grant execute on function public.operator_save_settings(text,jsonb) to authenticated, service_role;

-- function public.operator_set_strip(boolean)
-- Migrations: 20261129000300_operator_console_functions.sql
CREATE OR REPLACE FUNCTION public.operator_set_strip(enabled boolean)
 RETURNS jsonb
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  actor text := private.require_operator();
  was boolean;
begin
  select s.strip_enabled into was from private.hero_settings s where s.id for update;
  insert into private.hero_settings (id, strip_enabled) values (true, enabled)
  on conflict (id) do update set strip_enabled = excluded.strip_enabled;
  perform private.log_operator(actor, 'strip', null, 'done',
    jsonb_build_object('enabled', coalesce(was, true)), jsonb_build_object('enabled', enabled));
  return jsonb_build_object('done', true);
end
$function$;
grant execute on function public.operator_set_strip(boolean) to authenticated, service_role;

-- trigger counted_members_operator_counts on private.counted_members
-- Migrations: 20261129000100_operator_console_records.sql
CREATE TRIGGER counted_members_operator_counts AFTER INSERT OR DELETE OR UPDATE ON private.counted_members FOR EACH ROW EXECUTE FUNCTION private.operator_counts_on_student();

-- trigger invites_operator_counts on private.invites
-- Migrations: 20261129000100_operator_console_records.sql
CREATE TRIGGER invites_operator_counts AFTER INSERT OR DELETE OR UPDATE ON private.invites FOR EACH ROW EXECUTE FUNCTION private.operator_counts_on_invite();

-- trigger join_sources_operator_counts on private.join_sources
-- Migrations: 20261129000100_operator_console_records.sql
CREATE TRIGGER join_sources_operator_counts AFTER INSERT OR DELETE OR UPDATE ON private.join_sources FOR EACH ROW EXECUTE FUNCTION private.operator_counts_on_student();

-- trigger operator_log_append_only on private.operator_log
-- Migrations: 20261129000100_operator_console_records.sql
CREATE TRIGGER operator_log_append_only BEFORE DELETE OR UPDATE ON private.operator_log FOR EACH ROW EXECUTE FUNCTION private.operator_log_guard();

-- trigger operator_log_no_truncate on private.operator_log
-- Migrations: 20261129000100_operator_console_records.sql
CREATE TRIGGER operator_log_no_truncate BEFORE TRUNCATE ON private.operator_log FOR EACH STATEMENT EXECUTE FUNCTION private.operator_log_guard();

-- trigger seller_choices_operator_counts on private.seller_choices
-- Migrations: 20261129000100_operator_console_records.sql
CREATE TRIGGER seller_choices_operator_counts AFTER INSERT OR DELETE OR UPDATE ON private.seller_choices FOR EACH ROW EXECUTE FUNCTION private.operator_counts_on_student();

-- trigger waitlist_operator_counts on public.waitlist
-- Migrations: 20261129000100_operator_console_records.sql
CREATE TRIGGER waitlist_operator_counts AFTER INSERT OR DELETE OR UPDATE OF uid, college_id, created_at ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.operator_counts_on_entry();
