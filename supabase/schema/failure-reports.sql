-- GENERATED, do not edit: the Supabase database's failure-reports feature as the migrations leave it:
--   failed sign-ins and joins counted by day, kind and code, and those dropped over the budget by
--   day (FailureReports).
-- Made by `npm run schema:supabase -- --write` (scripts/data/supabase-schema.ts) from a
-- throwaway PostgreSQL 15 with stand-ins/supabase/platform.sql and every migration applied,
-- read back from its catalog (owners, extension versions, data and the platform's objects left
-- out). The deploy path is supabase/migrations/ alone, append-only: a change is a new migration
-- (one per feature it touches), then this command. "Migrations:" says how each object got here.

-- table private.failure_counts
-- Migrations: 20261128020000_failure_reports.sql
create table private.failure_counts (
  day date not null,
  kind text not null,
  code text not null,
  count integer default 0 not null,
  constraint failure_counts_pkey PRIMARY KEY (day, kind, code)
);
-- No grants: its owner alone.

-- table private.failure_drops
-- Migrations: 20261128181300_failure_reports_drops.sql
create table private.failure_drops (
  day date not null,
  dropped bigint default 0 not null,
  constraint failure_drops_pkey PRIMARY KEY (day)
);
-- No grants: its owner alone.

-- sequence private.failure_drops_seq
-- Migrations: 20261128181300_failure_reports_drops.sql
create sequence private.failure_drops_seq;
-- No grants: its owner alone.

-- table private.failure_minutes
-- Migrations: 20261128020000_failure_reports.sql, 20261128181300_failure_reports_drops.sql
create table private.failure_minutes (
  minute timestamp with time zone not null,
  reports integer not null,
  drops_from bigint,
  constraint failure_minutes_pkey PRIMARY KEY (minute)
);
-- No grants: its owner alone.

-- function private.failure_drops_by_day()
-- Migrations: 20261128181300_failure_reports_drops.sql
CREATE OR REPLACE FUNCTION private.failure_drops_by_day()
 RETURNS TABLE(day date, dropped bigint)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select x.day, sum(x.dropped)::bigint
  from (
    select d.day, d.dropped from private.failure_drops d
    union all
    select (m.minute at time zone 'utc')::date, m.dropped from private.failure_drops_of_minutes() m
  ) x
  group by x.day
  having sum(x.dropped) > 0
  order by x.day
$function$;
-- No grants: its owner alone.

-- function private.failure_drops_of_minutes()
-- Migrations: 20261128181300_failure_reports_drops.sql
CREATE OR REPLACE FUNCTION private.failure_drops_of_minutes()
 RETURNS TABLE(minute timestamp with time zone, dropped bigint)
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select m.minute,
    coalesce(lead(m.drops_from) over (order by m.minute),
      (select case when q.is_called then q.last_value else 0 end from private.failure_drops_seq q))
    - m.drops_from
  from private.failure_minutes m
  where m.drops_from is not null
$function$;
-- No grants: its owner alone.

-- function private.is_failure_report(text,text)
-- Migrations: 20261128020000_failure_reports.sql
CREATE OR REPLACE FUNCTION private.is_failure_report(kind text, code text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select coalesce(kind in ('sign-in', 'join')
    and code in ('invalid-argument', 'unauthenticated', 'permission-denied', 'not-found',
      'aborted', 'resource-exhausted', 'cancelled', 'internal', 'unimplemented', 'unavailable',
      'deadline-exceeded', 'unknown', 'auth/sign-in-failed'), false)
$function$;
-- No grants: its owner alone.

-- function public.report_failure(text,text)
-- Migrations: 20261128020000_failure_reports.sql, 20261128181300_failure_reports_drops.sql
CREATE OR REPLACE FUNCTION public.report_failure(kind text, code text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  this_minute timestamptz := date_trunc('minute', now());
  kept integer;
  mark bigint;
  counted integer;
begin
  if not private.is_failure_report(report_failure.kind, report_failure.code) then
    raise exception 'Not a failure report' using errcode = '22023';
  end if;
  select m.reports, m.drops_from into kept, mark
  from private.failure_minutes m where m.minute = this_minute;
  if coalesce(kept, 0) < 120 then
    -- No row when a concurrent call spent the budget first: then this one is dropped too.
    insert into private.failure_minutes as m (minute, reports) values (this_minute, 1)
    on conflict (minute) do update set reports = m.reports + 1 where m.reports < 120
    returning m.reports into counted;
  end if;
  if counted is null then
    perform nextval('private.failure_drops_seq');
    if mark is null then
      update private.failure_minutes m
      set drops_from = currval('private.failure_drops_seq') - 1
      where m.minute = this_minute and m.drops_from is null;
    end if;
    return;
  end if;
  if counted = 1 then
    -- A new minute: the minutes older than an hour go, their drops folded into their day.
    insert into private.failure_drops as d (day, dropped)
    select (f.minute at time zone 'utc')::date, sum(f.dropped)
    from private.failure_drops_of_minutes() f
    where f.minute < this_minute - interval '1 hour'
    group by 1
    on conflict (day) do update set dropped = d.dropped + excluded.dropped;
    delete from private.failure_minutes where minute < this_minute - interval '1 hour';
  end if;
  insert into private.failure_counts as c (day, kind, code, count)
  values ((now() at time zone 'utc')::date, report_failure.kind, report_failure.code, 1)
  on conflict (day, kind, code) do update set count = c.count + 1;
end
$function$;
grant execute on function public.report_failure(text,text) to anon, authenticated, service_role;
