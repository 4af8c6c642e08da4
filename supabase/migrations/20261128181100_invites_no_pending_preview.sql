-- Issue 59, point 3: student text never on a public answer. An invite's preview
-- (public.invite_preview, for anyone; as 20261128060000_email_verification.sql defines it) answers
-- no row for a student on a pending campus, whose name is a student's text: as for an unknown code,
-- and as public.campus_progress (20261128171000_campus_progress_public.sql).

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
