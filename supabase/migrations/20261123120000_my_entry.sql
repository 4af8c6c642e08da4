-- Issue 13, the student's own data: a signed-in student may read, change the campus of and delete
-- their own waitlist entry, and give, renew and withdraw their hero-strip consent. Nothing else of
-- 20261123000000_waitlist.sql changes: the hero function still reads only hero_consent records
-- joined to their accounts (auth.users), and no role of the page may list anything.

-- ---------------------------------------------------------------------------------------------
-- waitlist: the owner may change only college_id (the e-mail and created_at stay, and the
-- column's id rule and catalogue reference still hold), and may delete their own row.
-- ---------------------------------------------------------------------------------------------
grant update (college_id) on table public.waitlist to authenticated;
grant delete on table public.waitlist to authenticated;

create policy "a student changes the campus of their own entry" on public.waitlist
  for update to authenticated
  using (uid = (select auth.uid()))
  with check (uid = (select auth.uid()));

create policy "a student deletes their own entry" on public.waitlist
  for delete to authenticated
  using (uid = (select auth.uid()));

-- ---------------------------------------------------------------------------------------------
-- hero_consent: granting again renews granted_at. granted_at is always the database's time: the
-- trigger below sets it on every insert and update, whatever a request sends, so the page can
-- never date a consent itself. The page grants through grant_hero_consent() (an upsert as the
-- caller, under row-level security); the update privilege it needs is on granted_at alone.
-- ---------------------------------------------------------------------------------------------
create or replace function public.hero_consent_date()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.granted_at := now();
  return new;
end
$$;

-- Supabase's default privileges give every new function to anon and authenticated: a trigger
-- function is no API, so take that back.
revoke all on function public.hero_consent_date() from public, anon, authenticated;

create trigger hero_consent_date
before insert or update on public.hero_consent
for each row execute function public.hero_consent_date();

grant update (granted_at) on table public.hero_consent to authenticated;

create policy "a student renews their own consent" on public.hero_consent
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- The signed-in student's consent, given or renewed: one row, dated now. Runs as the caller
-- (security invoker), so the table's privileges and policies decide; anon may not call it.
create or replace function public.grant_hero_consent()
returns table (granted_at timestamptz)
language sql
volatile
security invoker
set search_path = ''
as $$
  insert into public.hero_consent as c (user_id)
  values ((select auth.uid()))
  on conflict (user_id) do update set granted_at = now()
  returning c.granted_at
$$;

revoke all on function public.grant_hero_consent() from public, anon, authenticated;
grant execute on function public.grant_hero_consent() to authenticated;
