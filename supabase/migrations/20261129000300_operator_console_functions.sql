-- Issue 61, the operator console's operations (src/ports/operator-console.port.ts), one function
-- each, called by the console through PostgREST (src/adapters/supabase/supabase-operator-console.adapter.ts).
-- Each is security definer, checks the role first (private.require_operator(): 42501 for a
-- student or an anonymous caller, whatever they send), may be run by `authenticated` only, and
-- answers one JSON value. An action is written to the operators' log in its own transaction; a
-- refused one answers `{"refused": "<name>"}` (a LaunchRefusal, 'campus-add:<reason>', ...) so
-- that its entry commits; invalid settings write nothing, not even an entry.
-- The domain's rules repeated here (tests/supabase/operator-console.contract.test.ts holds them
-- equal): src/domain/operator/console-settings.ts (checkSettings), launch-plan.ts (the Mexico
-- City time, UTC-6 all year; the 60 days' horizon; the typed confirmation).
--
-- Due launches: private.run_due_launches(at), run every minute by pg_cron where the project has
-- it, and by the sender before each pass (`npm run mail:supabase -- send --every 60`,
-- scripts/ops/mail-supabase.ts), which then sends what it queued.

-- A Mexico City calendar day 'YYYY-MM-DD' as a date, null when it is no real day.
create function private.operator_day(value text)
returns date
language plpgsql
immutable
set search_path = ''
as $$
begin
  if value !~ '^\d{4}-\d{2}-\d{2}$' then
    return null;
  end if;
  return make_date(substr(value, 1, 4)::integer, substr(value, 6, 2)::integer,
    substr(value, 9, 2)::integer);
exception when others then
  return null;
end
$$;
revoke all on function private.operator_day(text) from public, anon, authenticated;

-- Mexico City's day now (UTC-6 all year since 2022): console-settings.ts, mexicoCityDay.
create function private.mexico_city_today()
returns date
language sql
stable
set search_path = ''
as $$ select ((now() at time zone 'UTC') - interval '6 hours')::date $$;
revoke all on function private.mexico_city_today() from public, anon, authenticated;

-- A Mexico City wall time 'YYYY-MM-DDTHH:mm' as an instant, null when it is none
-- (launch-plan.ts, mexicoCityInstant).
create function private.mexico_city_instant(value text)
returns timestamptz
language plpgsql
immutable
set search_path = ''
as $$
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
$$;
revoke all on function private.mexico_city_instant(text) from public, anon, authenticated;

-- The campus's settings as the console reads them (defaults where none were set).
create function private.operator_settings_of(campus text)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'threshold', coalesce(s.threshold, 100),
    'sellerMinimum', coalesce(s.seller_minimum, 10),
    'state', coalesce(s.state, 'gathering'),
    'opensOn', to_char(s.opens_on, 'YYYY-MM-DD'))
  from (select 1) one
  left join private.campus_settings s on s.college_id = campus
$$;
revoke all on function private.operator_settings_of(text) from public, anon, authenticated;

-- The campus's launch (launch-plan.ts, LaunchStatus).
create function private.operator_launch_of(campus text)
returns jsonb
language sql
stable
set search_path = ''
as $$
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
$$;
revoke all on function private.operator_launch_of(text) from public, anon, authenticated;

-- The console's campus rows (all, or the one named): the counters kept on write
-- (private.operator_counts, the day keys left out), the verified count (private.campus_counts),
-- the milestones, the requests, the settings and the launch. The campuses: every one with
-- students, settings, requests or a launch (src/domain/launch-report.ts's).
create function private.operator_campus_rows(only_campus text default null)
returns setof jsonb
language sql
stable
set search_path = ''
as $$
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
$$;
revoke all on function private.operator_campus_rows(text) from public, anon, authenticated;

-- A campus of the catalogue (not a pending one).
create function private.is_catalogue_campus(campus text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from public.colleges c where c.id = campus and c.request_key is null)
$$;
revoke all on function private.is_catalogue_campus(text) from public, anon, authenticated;

create function public.operator_access()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$ select jsonb_build_object('email', private.require_operator()) $$;

create function public.operator_campuses()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_operator();
  return coalesce((select jsonb_agg(r) from private.operator_campus_rows() r), '[]'::jsonb);
end
$$;

create function public.operator_campus_days(college text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;

-- checkSettings (console-settings.ts): the settings, or `{"refused": problem}`; nothing written when refused.
create function public.operator_save_settings(college text, settings jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

-- The dry run: how many students, how many already queued, and one student's message facts.
create function public.operator_launch_preview(college text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

-- Queues the campus's launch e-mails now (private.queue_launch) and records the launch.
create function private.launch_campus(campus text, actor text, scheduled_for timestamptz)
returns jsonb
language plpgsql
set search_path = ''
as $$
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
$$;
revoke all on function private.launch_campus(text, text, timestamptz) from public, anon, authenticated;

-- Launches now (`at` null or '') or schedules for a Mexico City wall time, once per campus. A
-- refusal ('confirmation', 'unknown-campus', 'time', 'already') is logged and answered.
create function public.operator_launch(college text, confirm text, at text default null)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

create function public.operator_cancel_launch(college text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

-- The scheduled launches due at `at` (default now), each run once: the launch e-mails queued, the
-- row marked launched, logged in the name of the operator who scheduled it. Concurrent runs skip
-- each other's rows. How many ran.
create function private.run_due_launches(at timestamptz default now())
returns integer
language plpgsql
security definer
set search_path = ''
as $$
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
$$;
revoke all on function private.run_due_launches(timestamptz) from public, anon, authenticated;

create function public.operator_requests()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;

-- 'Agregar al catálogo': private.add_campus (what `campus:add` runs) with the operator's typed
-- name, short name, city (the campus's subname), state (its search keywords, with the city) and
-- university domains. Two operators adding one request at once: the second waits for the first,
-- then finds it added (`added` false). Every attempt is logged; a refusal is
-- `{"refused": "campus-add:<reason>"}`.
create function public.operator_add_campus(input jsonb)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor text := private.require_operator();
  request text := input ->> 'request';
  new_id text := input ->> 'id';
  new_name text := private.campus_request_tidy(input ->> 'name');
  new_short text := private.campus_request_tidy(input ->> 'shortName');
  new_city text := private.campus_request_tidy(input ->> 'city');
  new_state text := private.campus_request_tidy(input ->> 'state');
  domains text[];
  refusal text;
  result record;
  typed jsonb;
begin
  if jsonb_typeof(input -> 'domains') = 'array' then
    domains := array(select distinct lower(btrim(d)) from jsonb_array_elements_text(input -> 'domains') d);
  end if;
  if jsonb_typeof(input -> 'request') is distinct from 'string' or request !~ '^pendiente-[0-9a-f]{24}$' then
    refusal := 'campus-add:request';
  elsif jsonb_typeof(input -> 'id') is distinct from 'string' or new_id !~ '^[a-z0-9]+(-[a-z0-9]+)*$'
    or length(new_id) > 64 or new_id ~ '^pendiente-' then
    refusal := 'campus-add:id';
  elsif char_length(new_name) not between 3 and 160 then
    refusal := 'campus-add:name';
  elsif char_length(new_short) not between 2 and 80 then
    refusal := 'campus-add:short-name';
  elsif char_length(new_city) not between 2 and 80 then
    refusal := 'campus-add:city';
  elsif char_length(new_state) not between 2 and 40 then
    refusal := 'campus-add:state';
  elsif domains is null or cardinality(domains) not between 1 and 10 or exists (
    select 1 from unnest(domains) d
    where d !~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$'
      or length(d) > 253) then
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
        when sqlerrm like 'the request % was added as %' then 'campus-add:added-as-another'
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
$$;

create function public.operator_hero_photos()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_operator();
  return jsonb_build_object(
    'photos', coalesce((
      select jsonb_agg(jsonb_build_object('uid', q.user_id, 'photo', q.photo_url, 'status', q.status)
        order by q.status <> 'pending', q.granted_at, q.user_id)
      from private.hero_photo_queue q where q.photo_url is not null), '[]'::jsonb),
    'stripEnabled', coalesce((select s.strip_enabled from private.hero_settings s where s.id), true));
end
$$;

-- The decision on the student's current photo (`hero:photos -- approve|reject`'s).
create function public.operator_review_photo(uid text, approved boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

create function public.operator_set_strip(enabled boolean)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

-- A uid as the console sends it (text: any value is refused or found nothing, never an error).
create function private.as_uuid(value text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case when value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then value::uuid end
$$;
revoke all on function private.as_uuid(text) from public, anon, authenticated;

-- Everything kept about the student (the ARCO export), or null when no account.
create function private.student_record(student uuid)
returns jsonb
language sql
stable
set search_path = ''
as $$
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
$$;
revoke all on function private.student_record(uuid) from public, anon, authenticated;

-- The account with this address (its sign-in, entry or verified address), any case; logged.
create function public.operator_find_student(email text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

create function public.operator_export_student(uid text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

-- Deletes the account and everything under it (as public.delete_my_account does); logged.
create function public.operator_delete_student(uid text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
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
$$;

create function public.operator_health()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
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
$$;

create function public.operator_audit_log(lim integer default 200)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  perform private.require_operator();
  return coalesce((
    select jsonb_agg(jsonb_build_object('id', l.id::text, 'at', l.at, 'actor', l.actor,
        'action', l.action, 'target', l.target, 'outcome', l.outcome, 'before', l.before,
        'after', l.after) order by l.at desc, l.id desc)
    from (select * from private.operator_log x order by x.at desc, x.id desc
      limit greatest(1, least(coalesce(lim, 200), 1000))) l), '[]'::jsonb);
end
$$;

-- Authenticated callers only (the role is checked inside); never anon, never public.
do $$
declare
  fn regprocedure;
begin
  for fn in
    select p.oid::regprocedure from pg_catalog.pg_proc p
    join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.proname like 'operator\_%'
  loop
    execute format('revoke all on function %s from public, anon', fn);
    execute format('grant execute on function %s to authenticated', fn);
  end loop;
end
$$;

-- Due launches every minute where pg_cron can run (Supabase: Database → Extensions → pg_cron);
-- elsewhere the sender runs them before each pass (scripts/ops/mail-supabase.ts).
do $$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('run-due-launches', '* * * * *', 'select private.run_due_launches()');
  end if;
exception when others then
  raise notice 'pg_cron is not usable here (%): the sender runs due launches', sqlerrm;
end;
$$;
