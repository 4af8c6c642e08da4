-- GENERATED, do not edit: the Supabase database's college-search feature as the migrations leave it:
--   the catalogue of colleges and its search (CollegeSearch).
-- Made by `npm run schema:supabase -- --write` (scripts/data/supabase-schema.ts) from a
-- throwaway PostgreSQL 15 with stand-ins/supabase/platform.sql and every migration applied,
-- read back from its catalog (owners, extension versions, data and the platform's objects left
-- out). The deploy path is supabase/migrations/ alone, append-only: a change is a new migration
-- (one per feature it touches), then this command. "Migrations:" says how each object got here.

-- table public.colleges
-- Migrations: 20261123000000_waitlist.sql, 20261125000000_campus_progress.sql,
--   20261128070000_campus_launch.sql
create table public.colleges (
  id text not null,
  name text not null,
  subname text default ''::text not null,
  short_name text default ''::text not null,
  keywords text[] default '{}'::text[] not null,
  "position" integer default 0 not null,
  search_text text default ''::text not null,
  acronyms text[] default '{}'::text[] not null,
  email_domains text[] default '{}'::text[] not null,
  university_of text,
  request_key text,
  constraint colleges_pkey PRIMARY KEY (id),
  constraint colleges_request_key_key UNIQUE (request_key),
  constraint colleges_id_check CHECK (id ~ '^[a-z0-9]+(-[a-z0-9]+)*$'::text AND length(id) <= 64),
  constraint colleges_university_of_check CHECK (length(university_of) <= 60)
);
CREATE INDEX colleges_search_trgm ON public.colleges USING gin (search_text extensions.gin_trgm_ops);
alter table public.colleges enable row level security;
create policy "catalogue colleges are public" on public.colleges
  for select to anon, authenticated
  using ((request_key IS NULL));
grant select on table public.colleges to anon, authenticated;
grant all on table public.colleges to service_role;

-- function public.college_search_normalize(text)
-- Migrations: 20261123000000_waitlist.sql, 20261124000000_trust.sql
CREATE OR REPLACE FUNCTION public.college_search_normalize(value text)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
 SET search_path TO ''
AS $function$
  select btrim(regexp_replace(
    lower(extensions.unaccent('extensions.unaccent'::regdictionary, coalesce(value, ''))),
    '[^a-z0-9]+', ' ', 'g'))
$function$;
grant execute on function public.college_search_normalize(text) to service_role;

-- function public.colleges_fill_search()
-- Migrations: 20261123000000_waitlist.sql, 20261124000000_trust.sql
CREATE OR REPLACE FUNCTION public.colleges_fill_search()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.search_text := public.college_search_normalize(
    concat_ws(' ', new.name, new.subname, new.short_name, array_to_string(new.keywords, ' ')));
  new.acronyms := array(
    select distinct public.college_search_normalize(k)
    from unnest(array_append(new.keywords, new.subname)) as k
    where public.college_search_normalize(k) <> '');
  return new;
end
$function$;
grant execute on function public.colleges_fill_search() to service_role;

-- function public.search_colleges(text)
-- Migrations: 20261123000000_waitlist.sql, 20261124000000_trust.sql,
--   20261128070000_campus_launch.sql
CREATE OR REPLACE FUNCTION public.search_colleges(q text)
 RETURNS TABLE(id text, name text, subname text, "shortName" text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
      and c.request_key is null
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
$function$;
grant execute on function public.search_colleges(text) to anon, authenticated, service_role;

-- trigger colleges_fill_search on public.colleges
-- Migrations: 20261123000000_waitlist.sql
CREATE TRIGGER colleges_fill_search BEFORE INSERT OR UPDATE ON public.colleges FOR EACH ROW EXECUTE FUNCTION public.colleges_fill_search();
