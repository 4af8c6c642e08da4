-- GENERATED, do not edit: the Supabase database's failure-reports feature as the migrations leave it:
--   failed sign-ins and joins counted by day, kind and code (FailureReports).
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

-- table private.failure_minutes
-- Migrations: 20261128020000_failure_reports.sql
create table private.failure_minutes (
  minute timestamp with time zone not null,
  reports integer not null,
  constraint failure_minutes_pkey PRIMARY KEY (minute)
);
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
-- Migrations: 20261128020000_failure_reports.sql
CREATE OR REPLACE FUNCTION public.report_failure(kind text, code text)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
#variable_conflict use_column
declare
  this_minute timestamptz := date_trunc('minute', now());
  counted integer;
begin
  if not private.is_failure_report(report_failure.kind, report_failure.code) then
    raise exception 'Not a failure report' using errcode = '22023';
  end if;
  insert into private.failure_minutes as m (minute, reports) values (this_minute, 1)
  on conflict (minute) do update set reports = m.reports + 1
  returning m.reports into counted;
  if counted = 1 then
    delete from private.failure_minutes where minute < this_minute - interval '1 hour';
  end if;
  if counted > 120 then
    return;
  end if;
  insert into private.failure_counts as c (day, kind, code, count)
  values ((now() at time zone 'utc')::date, report_failure.kind, report_failure.code, 1)
  on conflict (day, kind, code) do update set count = c.count + 1;
end
$function$;
grant execute on function public.report_failure(text,text) to anon, authenticated, service_role;
