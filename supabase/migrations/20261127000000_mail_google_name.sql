-- Issue 51, item 2: the e-mails greet a student with the name Google gave at sign-in (the
-- Google identity's identity_data, which Supabase fills from Google and its holder cannot write),
-- never with raw_user_meta_data, which `auth.updateUser({ data })` lets its holder rewrite to any
-- text our DKIM would then sign. The sender also keeps only a name of letters (src/domain/mail,
-- greetingName). private.claim_mail as in 20261126000000_mail.sql, but for where the name comes from.

create or replace function private.claim_mail(at timestamptz, lim integer, lease timestamptz)
returns table (
  id text, kind text, user_id uuid, joined_ms bigint, email text, name text, campus text,
  attempts integer, invite_code text, verified integer, threshold integer
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
  select c.id, c.kind, c.user_id, c.joined_ms, w.email,
    coalesce((
      select coalesce(i.identity_data ->> 'full_name', i.identity_data ->> 'name')
      from auth.identities i
      where i.user_id = c.user_id and i.provider = 'google'
      order by i.created_at desc
      limit 1), ''),
    coalesce(nullif(col.short_name, ''), col.name),
    c.attempts,
    case when c.kind = 'welcome' then ic.code end,
    case when c.kind = 'welcome' then (
      select case when count(*) >= 10 then count(*)::integer end
      from public.waitlist v
      where v.college_id = col.id and private.email_in_domains(v.email, col.email_domains)) end,
    case when c.kind = 'welcome' then coalesce(s.threshold, 100) end
  from claimed c
  join public.waitlist w on w.uid = c.user_id
  join auth.users u on u.id = c.user_id
  join public.colleges col on col.id = case when c.kind = 'welcome' then w.college_id else c.college_id end
  left join private.invite_codes ic on ic.user_id = c.user_id
  left join private.campus_settings s on s.college_id = col.id;
end;
$$;
revoke all on function private.claim_mail(timestamptz, integer, timestamptz) from public, anon, authenticated;
