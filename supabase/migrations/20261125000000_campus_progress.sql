-- Issue 28, campus progress and verified students. The marketplace opens campus by campus when
-- enough verified students have joined:
-- 1. colleges gain their university's e-mail domains and wording ('de la UdeG'), from the shared
--    catalogue (src/data/university-email.ts, through the generated supabase/seed.sql);
-- 2. private.email_in_domains() is the domain rule of src/domain/email-domain.ts;
-- 3. private.campus_settings holds what operators set per campus (threshold, state, date);
--    `npm run campus:set:supabase` writes it;
-- 4. public.my_campus() answers the caller's campus: the verified students who joined it, counted
--    by the database at each call (never by the page, never stored where the page could write it),
--    and no figure under the floor of 10 (src/domain/campus-progress.ts, PROGRESS_FLOOR).

alter table public.colleges
  add column email_domains text[] not null default '{}',
  add column university_of text check (length(university_of) <= 60);

-- The domain rule: the address has exactly one '@' and something before it; its domain is two or
-- more ASCII labels (letters, digits, inner hyphens, at most 63 each; checked before lowercasing)
-- and is one of `domains` or a subdomain of one, without regard to case.
create or replace function private.email_in_domains(email text, domains text[])
returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce((
    select exists (
      select 1 from unnest(domains) allowed
      where allowed ~* '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$'
        and length(allowed) <= 253
        and (lower(part.domain) = lower(allowed)
          or right(lower(part.domain), length(allowed) + 1) = '.' || lower(allowed)))
    from (select split_part(email, '@', 2) as domain) part
    where email ~ '^[^@]+@[^@]*$'
      and part.domain ~* '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)+$'
      and length(part.domain) <= 253
  ), false)
$$;
revoke all on function private.email_in_domains(text, text[]) from public, anon, authenticated;

-- Counting a campus's entries reads them by campus.
create index if not exists waitlist_college_id on public.waitlist (college_id);

create table private.campus_settings (
  college_id text primary key references public.colleges (id) on delete cascade,
  threshold integer not null default 100 check (threshold between 1 and 100000),
  state text not null default 'gathering' check (state in ('gathering', 'opening', 'open')),
  opens_on date
);
revoke all on table private.campus_settings from public, anon, authenticated;

-- The caller's campus: one row, or none when they have no entry. `verified_count` is null under
-- the floor; `verified` says whether the caller's own e-mail counts. Runs as its owner to count
-- the campus's entries, which row-level security hides from every student.
create or replace function public.my_campus()
returns table (
  college_id text,
  verified boolean,
  verified_count integer,
  threshold integer,
  state text,
  opens_on date,
  university_of text
)
language sql
stable
security definer
set search_path = ''
as $$
  with mine as (
    select w.college_id, w.email, c.email_domains, c.university_of
    from public.waitlist w
    join public.colleges c on c.id = w.college_id
    where w.uid = (select auth.uid())
  ),
  counted as (
    select count(*)::integer as n
    from public.waitlist w, mine
    where w.college_id = mine.college_id
      and private.email_in_domains(w.email, mine.email_domains)
  )
  select mine.college_id,
    private.email_in_domains(mine.email, mine.email_domains),
    case when counted.n >= 10 then counted.n end,
    coalesce(s.threshold, 100),
    coalesce(s.state, 'gathering'),
    s.opens_on,
    mine.university_of
  from mine
  cross join counted
  left join private.campus_settings s on s.college_id = mine.college_id
$$;
revoke all on function public.my_campus() from public, anon, authenticated;
grant execute on function public.my_campus() to authenticated;
