-- GENERATED, do not edit: the Supabase database's hero-consent feature as the migrations leave it:
--   a student’s consent to the hero strip (HeroConsentRepo).
-- Made by `npm run schema:supabase -- --write` (scripts/data/supabase-schema.ts) from a
-- throwaway PostgreSQL 15 with stand-ins/supabase/platform.sql and every migration applied,
-- read back from its catalog (owners, extension versions, data and the platform's objects left
-- out). The deploy path is supabase/migrations/ alone, append-only: a change is a new migration
-- (one per feature it touches), then this command. "Migrations:" says how each object got here.

-- table public.hero_consent
-- Migrations: 20261123000000_waitlist.sql, 20261123120000_my_entry.sql, 20261124000000_trust.sql,
--   20261128010000_join_terms.sql
create table public.hero_consent (
  user_id uuid not null,
  granted_at timestamp with time zone default now() not null,
  notice_version text,
  constraint hero_consent_pkey PRIMARY KEY (user_id),
  constraint hero_consent_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint hero_consent_notice_version_check CHECK (notice_version ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'::text)
);
alter table public.hero_consent enable row level security;
create policy "a Google student on the list grants their own consent" on public.hero_consent
  for insert to authenticated
  with check (((user_id = ( SELECT auth.uid() AS uid)) AND ( SELECT private.is_google_student() AS is_google_student) AND ( SELECT private.is_on_list() AS is_on_list)));
create policy "a student sees their own consent" on public.hero_consent
  for select to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));
create policy "a student withdraws their own consent" on public.hero_consent
  for delete to authenticated
  using ((user_id = ( SELECT auth.uid() AS uid)));
grant select, delete, insert (user_id, notice_version) on table public.hero_consent to authenticated;
grant all on table public.hero_consent to service_role;

-- function public.grant_hero_consent()
-- Migrations: 20261123120000_my_entry.sql, 20261124000000_trust.sql, 20261128010000_join_terms.sql
CREATE OR REPLACE FUNCTION public.grant_hero_consent()
 RETURNS TABLE(granted_at timestamp with time zone)
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  select g.granted_at from public.grant_hero_consent(null::text) g
$function$;
grant execute on function public.grant_hero_consent() to authenticated, service_role;

-- function public.grant_hero_consent(text)
-- Migrations: 20261123120000_my_entry.sql, 20261124000000_trust.sql, 20261128010000_join_terms.sql
CREATE OR REPLACE FUNCTION public.grant_hero_consent(notice_version text)
 RETURNS TABLE(granted_at timestamp with time zone)
 LANGUAGE sql
 SET search_path TO ''
AS $function$
  with given as (
    insert into public.hero_consent (user_id, notice_version)
    values ((select auth.uid()), grant_hero_consent.notice_version)
    on conflict (user_id) do nothing
    returning hero_consent.granted_at
  )
  select granted_at from given
  union all
  select c.granted_at from public.hero_consent c
  where c.user_id = (select auth.uid()) and not exists (select 1 from given)
$function$;
grant execute on function public.grant_hero_consent(text) to authenticated, service_role;

-- function public.hero_consent_date()
-- Migrations: 20261123120000_my_entry.sql
CREATE OR REPLACE FUNCTION public.hero_consent_date()
 RETURNS trigger
 LANGUAGE plpgsql
 SET search_path TO ''
AS $function$
begin
  new.granted_at := now();
  return new;
end
$function$;
grant execute on function public.hero_consent_date() to service_role;

-- trigger hero_consent_date on public.hero_consent
-- Migrations: 20261123120000_my_entry.sql
CREATE TRIGGER hero_consent_date BEFORE INSERT OR UPDATE ON public.hero_consent FOR EACH ROW EXECUTE FUNCTION public.hero_consent_date();
