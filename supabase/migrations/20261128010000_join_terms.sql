-- Issue 51, item 9: what a student agrees to by joining, recorded with the entry
-- (src/domain/join-terms.ts). The join note says 'Al unirte confirmas que tienes 18 años o más…':
-- a new entry carries `adult` (true) and the privacy notice's version it was made under; a hero
-- consent carries the version it was given under. Neither can be changed afterwards: the page's
-- update privilege is on college_id alone, and a consent is never updated.
-- Expand before contract: a page from before them (a tab left open across the deploy) sends
-- neither and calls grant_hero_consent() without an argument. It still joins and consents, and
-- its rows record no confirmation (null), as the rows from before; `adult` without a version, a
-- version without `adult`, or `adult` false are refused.

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
    and ((adult is null and notice_version is null)
      or (adult is true and notice_version is not null))
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
  );

-- Given under a notice's version, or already given: the first date and version stand. Runs as the
-- caller, so the policies decide.
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

-- The call of a page from before the version (20261124000000_trust.sql's grant_hero_consent(),
-- same answer): a consent that records none.
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
