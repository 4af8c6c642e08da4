-- Issue 51: the first-party report of failed sign-ins and joins (src/domain/failure-report.ts).
-- The page sends what failed and its error code, nothing else; the database counts the reports
-- by UTC day, kind and code for operators (`npm run report:supabase -- failures`), at most
-- FAILURE_REPORT_BUDGET.perWindow (120) a minute for the whole database: a flood is dropped, not
-- stored. No account, address, campus or browser is kept.

create table private.failure_counts (
  day date not null,
  kind text not null,
  code text not null,
  count integer not null default 0,
  primary key (day, kind, code)
);
revoke all on table private.failure_counts from public, anon, authenticated;

-- Reports counted in each minute (the budget); minutes older than an hour are pruned.
create table private.failure_minutes (
  minute timestamptz primary key,
  reports integer not null
);
revoke all on table private.failure_minutes from public, anon, authenticated;

-- The lists of src/domain/failure-report.ts (FAILURE_KINDS, REPORTED_CODES); tests/supabase/
-- failure-reports.test.ts holds them equal.
create or replace function private.is_failure_report(kind text, code text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(kind in ('sign-in', 'join')
    and code in ('invalid-argument', 'unauthenticated', 'permission-denied', 'not-found',
      'aborted', 'resource-exhausted', 'cancelled', 'internal', 'unimplemented', 'unavailable',
      'deadline-exceeded', 'unknown', 'auth/sign-in-failed'), false)
$$;
revoke all on function private.is_failure_report(text, text) from public, anon, authenticated;

-- Counts one report; a malformed one is refused (22023), one over the budget is dropped quietly.
create or replace function public.report_failure(kind text, code text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
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
$$;
revoke all on function public.report_failure(text, text) from public, anon, authenticated;
grant execute on function public.report_failure(text, text) to anon, authenticated;
