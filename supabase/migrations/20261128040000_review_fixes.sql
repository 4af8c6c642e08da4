-- A review of the day's changes (issue 51):
--
-- 1. Expand before contract: a page from before the join terms (a tab left open across the
--    deploy) sends neither `adult` nor `notice_version` and calls grant_hero_consent() without an
--    argument. It still joins and consents, as before, and its rows record no confirmation
--    (null); the page of this version always sends both. `adult` without a version, a version
--    without `adult`, or `adult` false stay refused.
-- 2. The hero strip's derived table (20261128000000_derived_counts.sql) is refreshed one student at
--    a time (a transaction-scoped lock per student: two refreshes of one student, an operator's
--    approval and the student's withdrawal say, no longer interleave), and the call checks each
--    candidate against its sources again (consent, entry, approved review of that exact photo),
--    so a refresh that lost a race can never show a photo it should not.
--
-- The counts of private.campus_counts follow private.email_in_domains as it is when each entry is
-- written: a migration that changes that rule must recount every campus
-- (`select private.recount_verified(id) from public.colleges`).

drop policy "a Google student adds their own entry, with their own e-mail" on public.waitlist;
create policy "a Google student adds their own entry, with their own e-mail" on public.waitlist
  for insert to authenticated
  with check (
    uid = (select auth.uid())
    and email = (select auth.jwt() ->> 'email')
    and (select private.is_google_student())
    and ((adult is null and notice_version is null)
      or (adult is true and notice_version is not null))
  );

drop policy "a Google student on the list grants their own consent" on public.hero_consent;
create policy "a Google student on the list grants their own consent" on public.hero_consent
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and (select private.is_google_student())
    and (select private.is_on_list())
  );

-- The call of a page from before the notice version: a consent that records none.
create or replace function public.grant_hero_consent()
returns table (granted_at timestamptz)
language sql
volatile
security invoker
set search_path = ''
as $$
  select g.granted_at from public.grant_hero_consent(null::text) g
$$;
revoke all on function public.grant_hero_consent() from public, anon, authenticated;
grant execute on function public.grant_hero_consent() to authenticated;

create or replace function private.refresh_hero_strip(student uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtextextended('hero_strip:' || student::text, 0));
  delete from private.hero_strip where user_id = student;
  insert into private.hero_strip (user_id, photo_url, granted_at)
  select queue.user_id, queue.photo_url, queue.granted_at
  from private.hero_photo_queue queue
  where queue.user_id = student
    and queue.status = 'approved'
    and private.is_google_photo(queue.photo_url)
    and exists (select 1 from auth.users u where u.id = student)
  on conflict (user_id) do update
    set photo_url = excluded.photo_url, granted_at = excluded.granted_at;
end
$$;
revoke all on function private.refresh_hero_strip(uuid) from public, anon, authenticated;

create or replace function public.get_hero_profile_images()
returns table ("photoURL" text, "imageData" text)
language sql
stable
security definer
set search_path = ''
as $$
  select strip.photo_url, null::text
  from private.hero_strip strip
  where (select strip_enabled from private.hero_settings where id)
    and strip.photo_url = private.google_photo(strip.user_id)
    and exists (select 1 from public.hero_consent c where c.user_id = strip.user_id)
    and exists (select 1 from public.waitlist w where w.uid = strip.user_id)
    and exists (
      select 1 from private.hero_photo_review r
      where r.user_id = strip.user_id and r.approved and r.photo_url = strip.photo_url)
  order by strip.granted_at, strip.user_id
  limit 5
$$;
revoke all on function public.get_hero_profile_images() from public;
grant execute on function public.get_hero_profile_images() to anon, authenticated;
