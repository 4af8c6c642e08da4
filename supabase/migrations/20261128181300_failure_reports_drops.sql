-- Issue 59, point 4: the failure counts cannot be blinded. report_failure (as
-- 20261128020000_failure_reports.sql defines it) counts what it drops beside what it keeps, and
-- checks its budget with a read: a call over the budget writes no row. Drops are counted on a
-- sequence (nextval changes no row: no row version, no row lock, no hot row; PostgreSQL logs it
-- once per 32 values), and each minute over the budget writes one row once: the sequence's
-- position at its first drop (failure_minutes.drops_from). A minute's drops are the positions
-- between its mark and the next minute's (or the sequence's own); when the minutes are pruned
-- (after an hour), their drops are folded into private.failure_drops by UTC day.
-- private.failure_drops_by_day() gives the report both, folded and recent
-- (`npm run report:supabase -- failures`).

create sequence private.failure_drops_seq;
revoke all on sequence private.failure_drops_seq from public, anon, authenticated;

-- The sequence's position at the minute's first drop: its drops are those after it.
alter table private.failure_minutes add column drops_from bigint;

create table private.failure_drops (
  day date primary key,
  dropped bigint not null default 0
);
revoke all on table private.failure_drops from public, anon, authenticated;

-- Each minute's drops, for the minutes still held: from its mark to the next one's, or to the
-- sequence's position for the last.
create or replace function private.failure_drops_of_minutes()
returns table (minute timestamptz, dropped bigint)
language sql
stable
set search_path = ''
as $$
  select m.minute,
    coalesce(lead(m.drops_from) over (order by m.minute),
      (select case when q.is_called then q.last_value else 0 end from private.failure_drops_seq q))
    - m.drops_from
  from private.failure_minutes m
  where m.drops_from is not null
$$;
revoke all on function private.failure_drops_of_minutes() from public, anon, authenticated;

-- The reports dropped by UTC day: those folded, and those of the minutes still held.
create or replace function private.failure_drops_by_day()
returns table (day date, dropped bigint)
language sql
stable
set search_path = ''
as $$
  select x.day, sum(x.dropped)::bigint
  from (
    select d.day, d.dropped from private.failure_drops d
    union all
    select (m.minute at time zone 'utc')::date, m.dropped from private.failure_drops_of_minutes() m
  ) x
  group by x.day
  having sum(x.dropped) > 0
  order by x.day
$$;
revoke all on function private.failure_drops_by_day() from public, anon, authenticated;

-- Counts one report; a malformed one is refused (22023). The budget is read first: a call over
-- it writes no row, only the sequence (its minute's first drop writes the minute's mark, once).
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
$$;
revoke all on function public.report_failure(text, text) from public, anon, authenticated;
grant execute on function public.report_failure(text, text) to anon, authenticated;
