-- Issue 60: a page for every campus. Its progress toward opening, for anyone (no sign-in): the
-- floored counts an invite's preview shows (public.invite_preview), by the campus's id. A campus
-- of the catalogue only (the seed's or one an operator added: no request key, as the colleges'
-- public policy reads them), never a pending one, whose name is a student's text. Any other id,
-- null or malformed, answers no row. The rule is src/domain/campus-progress.ts (PROGRESS_FLOOR,
-- publicProgress); the CampusProgressRepo contract holds this function to it.
create function public.campus_progress(college text)
returns table (
  college_id text,
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
  select c.id,
    case when counts.verified >= 10 then counts.verified end,
    coalesce(s.threshold, 100),
    coalesce(s.state, 'gathering'),
    s.opens_on
  from public.colleges c
  left join private.campus_counts counts on counts.college_id = c.id
  left join private.campus_settings s on s.college_id = c.id
  where c.id = college and c.request_key is null
$$;
revoke all on function public.campus_progress(text) from public, anon, authenticated;
grant execute on function public.campus_progress(text) to anon, authenticated;
