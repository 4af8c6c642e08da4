-- Issue 59, point 3: student text never in our mail. A pending campus's name is the text the
-- first student typed in 'Mi campus no aparece'. The sender's claim (private.claim_mail, as
-- 20261128170000_mail_campus_link.sql defines it, the same columns) names such a campus (a
-- college with a request key) 'tu campus (pendiente)' (src/domain/campus-request-rule.ts,
-- PENDING_CAMPUS_MAIL_LABEL) in every e-mail, subject and body, never by its typed name.
-- (The issue's other SQL changes are one migration per feature: 20261128181100_invites_…,
-- 20261128181200_campus_requests_…, 20261128181300_failure_reports_….)

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
