-- Issue 59, points 3 and 4: student text never in our mail or on a public answer, and failure
-- counts that cannot be blinded.
--
-- 1. A pending campus's name is the text the first student typed in 'Mi campus no aparece'. The
--    sender's claim (private.claim_mail, as 20261128170000_mail_campus_link.sql defines it) names
--    such a campus 'tu campus (pendiente)' (src/domain/campus-request-rule.ts,
--    PENDING_CAMPUS_MAIL_LABEL), never by its typed name, in every e-mail.
-- 2. An invite's preview (public.invite_preview, for anyone) answers no row for a pending
--    campus, as for an unknown code.
-- 3. A request's text also refuses what names a place to write to (the domain's CONTACT): a link,
--    an e-mail, a domain ('algo.com'), or a run of 5 or more digits (one space, dot, hyphen or
--    slash allowed between them). public.request_campus reads private.campus_request_text_ok.
-- 4. report_failure counts what it drops beside what it keeps, and checks its budget with a read:
--    a call over the budget writes no row (the budget's row was written by a kept call already).
--    Drops are counted on a sequence (nextval changes no row: no row version, no row lock, no
--    hot row; PostgreSQL logs it once per 32 values), and each minute over the budget writes one
--    row once: the sequence's position at its first drop (failure_minutes.drops_from). A minute's
--    drops are the positions between its mark and the next minute's (or the sequence's own); when
--    the minutes are pruned (after an hour), their drops are folded into private.failure_drops by
--    UTC day. private.failure_drops_by_day() gives the report both, folded and recent.

-- 3. The request's text (as 20261127130000_campus_requests_wall.sql, plus the contact check).
create or replace function private.campus_request_text_ok(value text, min_length integer, max_length integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(value, '') <> ''
    and char_length(value) between min_length and max_length
    and value ~ ('^[A-Za-z0-9' || chr(192) || '-' || chr(214) || chr(216) || '-' || chr(246)
      || chr(248) || '-' || chr(591) || chr(7680) || '-' || chr(7935)
      || ' .,''' || chr(8217) || '()&/-]+$')
    and value !~* '(://|www\.)'
    and value !~* ('(@|[a-z0-9]\.[a-z]{2,}(?![a-z' || chr(192) || '-' || chr(214) || chr(216)
      || '-' || chr(246) || chr(248) || '-' || chr(591) || chr(7680) || '-' || chr(7935)
      || '])|[0-9]([ ./-]?[0-9]){4})')
$$;
revoke all on function private.campus_request_text_ok(text, integer, integer) from public, anon, authenticated;

-- 1. The sender's claim: a pending campus (a college with a request key) is 'tu campus
-- (pendiente)'.
create or replace function private.claim_mail(at timestamptz, lim integer, lease timestamptz)
returns table (
  id text, kind text, user_id uuid, joined_ms bigint, email text, name text, campus text,
  attempts integer, invite_code text, verified integer, threshold integer, nonce text,
  expires_ms bigint, milestone integer, campus_id text
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
  select c.id, c.kind, c.user_id, c.joined_ms, coalesce(c.to_address, w.email, u.email),
    case when c.kind = 'code' then '' else coalesce((
      select coalesce(i.identity_data ->> 'full_name', i.identity_data ->> 'name')
      from auth.identities i
      where i.user_id = c.user_id and i.provider = 'google'
      order by i.created_at desc
      limit 1), '') end,
    case when col.request_key is not null then 'tu campus (pendiente)'
      else coalesce(nullif(col.short_name, ''), col.name) end,
    c.attempts,
    case when c.kind in ('welcome', 'milestone') then ic.code end,
    case
      when c.kind = 'welcome' and counts.verified >= 10 then counts.verified
      when c.kind = 'milestone' then c.figure_verified
    end,
    case
      when c.kind = 'welcome' then coalesce(s.threshold, 100)
      when c.kind = 'milestone' then c.figure_threshold
    end,
    c.nonce,
    (extract(epoch from c.code_expires_at) * 1000)::bigint,
    c.milestone,
    col.id
  from claimed c
  left join public.waitlist w on w.uid = c.user_id
  join auth.users u on u.id = c.user_id
  join public.colleges col on col.id = case
    when c.kind in ('launch', 'milestone', 'campus-added') then c.college_id
    else w.college_id end
  left join private.invite_codes ic on ic.user_id = c.user_id
  left join private.campus_settings s on s.college_id = col.id
  left join private.campus_counts counts on counts.college_id = col.id
  where w.uid is not null or c.kind = 'campus-added';
end;
$$;
revoke all on function private.claim_mail(timestamptz, integer, timestamptz) from public, anon, authenticated;

-- 2. An invite's preview: a campus of the catalogue only (no request key), as
-- public.campus_progress.
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
    and c.request_key is null
$$;
revoke all on function public.invite_preview(text) from public, anon, authenticated;
grant execute on function public.invite_preview(text) to anon, authenticated;

-- 4. The drops: a sequence, a mark per minute over the budget, and the folded days.
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
