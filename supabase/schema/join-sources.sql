-- GENERATED, do not edit: the Supabase database's join-sources feature as the migrations leave it:
--   where a student came from, written once (JoinSources).
-- Made by `npm run schema:supabase -- --write` (scripts/data/supabase-schema.ts) from a
-- throwaway PostgreSQL 15 with stand-ins/supabase/platform.sql and every migration applied,
-- read back from its catalog (owners, extension versions, data and the platform's objects left
-- out). The deploy path is supabase/migrations/ alone, append-only: a change is a new migration
-- (one per feature it touches), then this command. "Migrations:" says how each object got here.

-- table private.join_sources
-- Migrations: 20261128070000_campus_launch.sql
create table private.join_sources (
  user_id uuid not null,
  source text,
  medium text,
  campaign text,
  recorded_at timestamp with time zone default now() not null,
  constraint join_sources_pkey PRIMARY KEY (user_id),
  constraint join_sources_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.waitlist(uid) ON DELETE CASCADE,
  constraint join_sources_campaign_check CHECK (campaign ~ '^[a-z0-9_-]{1,40}$'::text),
  constraint join_sources_check CHECK (COALESCE(source, medium, campaign) IS NOT NULL),
  constraint join_sources_medium_check CHECK (medium ~ '^[a-z0-9_-]{1,40}$'::text),
  constraint join_sources_source_check CHECK (source ~ '^[a-z0-9_-]{1,40}$'::text)
);
-- No grants: its owner alone.

-- function public.record_join_source(text,text,text)
-- Migrations: 20261128070000_campus_launch.sql
CREATE OR REPLACE FUNCTION public.record_join_source(source text, medium text, campaign text)
 RETURNS boolean
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  me uuid := (select auth.uid());
  added integer;
begin
  if me is null or not private.is_google_student() then
    raise exception 'sign in with Google to record a source' using errcode = '42501';
  end if;
  if coalesce(source, medium, campaign) is null
    or coalesce(source ~ '^[a-z0-9_-]{1,40}$', true) is not true
    or coalesce(medium ~ '^[a-z0-9_-]{1,40}$', true) is not true
    or coalesce(campaign ~ '^[a-z0-9_-]{1,40}$', true) is not true then
    raise exception 'not a clamped source' using errcode = '22023';
  end if;
  insert into private.join_sources (user_id, source, medium, campaign)
  select w.uid, record_join_source.source, record_join_source.medium, record_join_source.campaign
  from public.waitlist w
  where w.uid = me and w.created_at > now() - interval '1 day'
  on conflict (user_id) do nothing;
  get diagnostics added = row_count;
  return added = 1;
end
$function$;
grant execute on function public.record_join_source(text,text,text) to authenticated, service_role;
