-- GENERATED, do not edit: the Supabase database's auth feature as the migrations leave it: who may
--   act (a Google account, not anonymous) and deleting the caller’s account
--   (AuthPort.deleteAccount).
-- Made by `npm run schema:supabase -- --write` (scripts/data/supabase-schema.ts) from a
-- throwaway PostgreSQL 15 with stand-ins/supabase/platform.sql and every migration applied,
-- read back from its catalog (owners, extension versions, data and the platform's objects left
-- out). The deploy path is supabase/migrations/ alone, append-only: a change is a new migration
-- (one per feature it touches), then this command. "Migrations:" says how each object got here.

-- function private.is_google_student()
-- Migrations: 20261124000000_trust.sql
CREATE OR REPLACE FUNCTION private.is_google_student()
 RETURNS boolean
 LANGUAGE sql
 STABLE
 SET search_path TO ''
AS $function$
  select coalesce((auth.jwt() ->> 'is_anonymous')::boolean, false) = false
    and coalesce(auth.jwt() -> 'app_metadata' ->> 'provider', '') = 'google'
$function$;
grant execute on function private.is_google_student() to authenticated;

-- function public.delete_my_account()
-- Migrations: 20261124000000_trust.sql
CREATE OR REPLACE FUNCTION public.delete_my_account()
 RETURNS boolean
 LANGUAGE sql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
  with gone as (delete from auth.users where id = (select auth.uid()) returning id)
  select exists (select 1 from gone)
$function$;
grant execute on function public.delete_my_account() to authenticated, service_role;
