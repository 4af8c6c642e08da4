-- Issue 51, item 9: what a student agrees to by joining, recorded with the entry
-- (src/domain/join-terms.ts). The join note says 'Al unirte confirmas que tienes 18 años o más…':
-- a new entry carries `adult` (true) and the privacy notice's version it was made under; a hero
-- consent carries the version it was given under. Entries and consents from before stay as they
-- are (null). Neither can be changed afterwards: the page's update privilege is on college_id
-- alone, and a consent is never updated.

alter table public.waitlist
  add column adult boolean,
  add column notice_version text check (notice_version ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');
grant insert (adult, notice_version) on table public.waitlist to authenticated;

drop policy "a Google student adds their own entry, with their own e-mail" on public.waitlist;
create policy "a Google student adds their own entry, with their own e-mail" on public.waitlist
  for insert to authenticated
  with check (
    uid = (select auth.uid())
    and email = (select auth.jwt() ->> 'email')
    and (select private.is_google_student())
    and adult is true
    and notice_version is not null
  );

alter table public.hero_consent
  add column notice_version text check (notice_version ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');
grant insert (notice_version) on table public.hero_consent to authenticated;

drop policy "a Google student on the list grants their own consent" on public.hero_consent;
create policy "a Google student on the list grants their own consent" on public.hero_consent
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and (select private.is_google_student())
    and (select private.is_on_list())
    and notice_version is not null
  );

-- Given under a notice's version, or already given: the first date and version stand. Runs as the
-- caller, so the policies decide. Replaces grant_hero_consent() (20261124000000_trust.sql).
drop function public.grant_hero_consent();
create or replace function public.grant_hero_consent(notice_version text)
returns table (granted_at timestamptz)
language sql
volatile
security invoker
set search_path = ''
as $$
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
$$;
revoke all on function public.grant_hero_consent(text) from public, anon, authenticated;
grant execute on function public.grant_hero_consent(text) to authenticated;
