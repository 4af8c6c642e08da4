-- The waitlist backend on Supabase (Postgres): colleges and their search, the waitlist with
-- row-level security, and the hero strip's consented avatars. Applied with `supabase db push`
-- (docs/deploy-supabase.md); the tests apply this very file to Debian PostgreSQL 15 after
-- stand-ins/supabase/platform.sql, which recreates what the Supabase platform provides.

create extension if not exists pg_trgm with schema extensions;
create extension if not exists unaccent with schema extensions;

-- Lowercase, accents gone, anything but letters and digits a single space: 'Tecnológico, GDL'
-- becomes 'tecnologico gdl'. Immutable in practice (a fixed dictionary), declared so for the trigger.
create or replace function public.college_search_normalize(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select btrim(regexp_replace(
    lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(value, ''))),
    '[^a-z0-9]+', ' ', 'g'))
$$;

-- ---------------------------------------------------------------------------------------------
-- colleges: the shared catalogue (src/data/college-catalogue.ts), filled by supabase/seed.sql.
-- ---------------------------------------------------------------------------------------------
create table public.colleges (
  id text primary key
    check (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(id) <= 64),
  name text not null,
  subname text not null default '',
  short_name text not null default '',
  keywords text[] not null default '{}',
  -- Catalogue order: the spec's three defaults first; breaks ties between equal matches.
  position integer not null default 0,
  -- Filled by the trigger below from every other text column.
  search_text text not null default '',
  -- Each keyword and the subname, normalized: 'udeg', 'itesm', 'cucei'.
  acronyms text[] not null default '{}'
);

create or replace function public.colleges_fill_search()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.search_text := public.college_search_normalize(
    concat_ws(' ', new.name, new.subname, new.short_name, array_to_string(new.keywords, ' ')));
  new.acronyms := array(
    select distinct public.college_search_normalize(k)
    from unnest(array_append(new.keywords, new.subname)) as k
    where public.college_search_normalize(k) <> '');
  return new;
end
$$;

create trigger colleges_fill_search
before insert or update on public.colleges
for each row execute function public.colleges_fill_search();

create index colleges_search_trgm on public.colleges
  using gin (search_text extensions.gin_trgm_ops);

alter table public.colleges enable row level security;
revoke all on table public.colleges from anon, authenticated;
grant select on table public.colleges to anon, authenticated;
create policy "colleges are public" on public.colleges
  for select to anon, authenticated using (true);

-- At most 3 colleges for a search text (spec: id, name, subname, shortName). Every word of the
-- query must match a word of the college by its start ('tec', 'guadal') or, from 4 letters on,
-- by trigram similarity ('guadalajra', 'monterey'). Accents and case never matter. A college
-- whose acronym or campus is exactly the query comes first ('cucei', 'udeg', 'itesm').
create or replace function public.search_colleges(q text)
returns table (id text, name text, subname text, "shortName" text)
language sql
stable
set search_path = ''
as $$
  with query as (
    select public.college_search_normalize(left(coalesce(q, ''), 100)) as text
  ),
  words as (
    select distinct w
    from query, regexp_split_to_table(query.text, ' ') as w
    where w <> ''
  ),
  scored as (
    select c.id, c.name, c.subname, c.short_name, c.position,
      (query.text = any (c.acronyms)) as exact,
      (select count(*) from words
        where position(' ' || words.w in ' ' || c.search_text) > 0) as prefix_hits,
      extensions.word_similarity(query.text, c.search_text) as similarity
    from public.colleges c, query
    where query.text <> ''
      and not exists (
        select 1 from words
        where position(' ' || words.w in ' ' || c.search_text) = 0
          and (length(words.w) < 4 or extensions.word_similarity(words.w, c.search_text) < 0.5)
      )
  )
  select s.id, s.name, s.subname, s.short_name
  from scored s
  order by s.exact desc, s.prefix_hits desc, s.similarity desc, s.position, s.id
  limit 3
$$;

revoke all on function public.search_colleges(text) from public;
grant execute on function public.search_colleges(text) to anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- waitlist: one row per student, keyed by their user id (spec section 3).
-- ---------------------------------------------------------------------------------------------
create table public.waitlist (
  uid uuid primary key references auth.users (id) on delete cascade,
  email text not null check (length(email) between 3 and 320),
  college_id text not null references public.colleges (id)
    check (college_id ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(college_id) <= 64),
  -- Set by the database only: no role of the page may write this column.
  created_at timestamptz not null default now()
);

alter table public.waitlist enable row level security;
-- Supabase grants every table in public to anon and authenticated by default: take that back,
-- then give a signed-in student exactly a read and an insert of three columns.
revoke all on table public.waitlist from anon, authenticated;
grant select on table public.waitlist to authenticated;
grant insert (uid, email, college_id) on table public.waitlist to authenticated;

create policy "a student reads their own entry" on public.waitlist
  for select to authenticated
  using (uid = (select auth.uid()));

create policy "a student adds their own entry, with their own e-mail" on public.waitlist
  for insert to authenticated
  with check (
    uid = (select auth.uid())
    and email = (select auth.jwt() ->> 'email')
  );

-- ---------------------------------------------------------------------------------------------
-- hero_consent: who agreed to show their profile photo in the hero strip.
-- ---------------------------------------------------------------------------------------------
create table public.hero_consent (
  user_id uuid primary key references auth.users (id) on delete cascade,
  granted_at timestamptz not null default now()
);

alter table public.hero_consent enable row level security;
revoke all on table public.hero_consent from anon, authenticated;
grant select, delete on table public.hero_consent to authenticated;
grant insert (user_id) on table public.hero_consent to authenticated;

create policy "a student sees their own consent" on public.hero_consent
  for select to authenticated using (user_id = (select auth.uid()));
create policy "a student grants their own consent" on public.hero_consent
  for insert to authenticated with check (user_id = (select auth.uid()));
create policy "a student withdraws their own consent" on public.hero_consent
  for delete to authenticated using (user_id = (select auth.uid()));

-- The hero strip's avatars (spec section 7, call 1): the https profile photos of the students who
-- consented, newest consent first, at most 12, and nothing else about them. Runs as its owner to
-- read auth.users, which no page role can read.
create or replace function public.get_hero_profile_images()
returns table ("photoURL" text, "imageData" text)
language sql
stable
security definer
set search_path = ''
as $$
  select photo.url, null::text
  from public.hero_consent consent
  join auth.users u on u.id = consent.user_id
  cross join lateral (
    select coalesce(
      nullif(u.raw_user_meta_data ->> 'avatar_url', ''),
      u.raw_user_meta_data ->> 'picture') as url
  ) as photo
  where photo.url ~ '^https://[^/\s?#@]+(/[^\s]*)?$'
    and length(photo.url) <= 2048
  order by consent.granted_at desc, consent.user_id
  limit 12
$$;

revoke all on function public.get_hero_profile_images() from public;
grant execute on function public.get_hero_profile_images() to anon, authenticated;
