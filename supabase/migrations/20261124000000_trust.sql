-- Issue 23, trust before launch. Three things change:
-- 1. Only a Google account that is not anonymous may join, change its campus or consent (Supabase
--    enables e-mail sign-in by default; an e-mail/password account could claim any address).
-- 2. The hero strip shows only approved photos of real students on the list: consent needs an
--    entry; the photo comes from the Google identity (auth.identities, which Supabase fills from
--    Google at each sign-in and its holder cannot write), never from raw_user_meta_data (which
--    `auth.updateUser({ data })` lets its holder rewrite); only Google's photo hosts; an operator
--    approves each exact photo (private.hero_photo_review) and has a kill switch
--    (private.hero_settings); consent is given once (renewing never moves a student up); at
--    most 5.
-- 3. Leaving deletes the account: delete_my_account() removes the caller's auth.users row, and
--    with it (on delete cascade) the entry, the consent, the photo decision and the identities.
-- The `private` schema is not exposed by the API: what is in it is for operators (the database
-- owner, the service role's SQL) and for the policies and functions below.

create schema if not exists private;
revoke all on schema private from public, anon;
grant usage on schema private to authenticated;

-- The caller's token is a Google sign-in, not an anonymous one. Used by the policies, so
-- executable by `authenticated` only (never by anon, never through the API: private schema).
create or replace function private.is_google_student()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((auth.jwt() ->> 'is_anonymous')::boolean, false) = false
    and coalesce(auth.jwt() -> 'app_metadata' ->> 'provider', '') = 'google'
$$;
revoke all on function private.is_google_student() from public, anon;
grant execute on function private.is_google_student() to authenticated;

-- Whether the caller has a waitlist entry (read as the caller: row-level security shows their own).
create or replace function private.is_on_list()
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (select 1 from public.waitlist where uid = (select auth.uid()))
$$;
revoke all on function private.is_on_list() from public, anon;
grant execute on function private.is_on_list() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- waitlist: joining and changing the campus need a Google sign-in.
-- ---------------------------------------------------------------------------------------------
drop policy "a student adds their own entry, with their own e-mail" on public.waitlist;
create policy "a Google student adds their own entry, with their own e-mail" on public.waitlist
  for insert to authenticated
  with check (
    uid = (select auth.uid())
    and email = (select auth.jwt() ->> 'email')
    and (select private.is_google_student())
  );

drop policy "a student changes the campus of their own entry" on public.waitlist;
create policy "a Google student changes the campus of their own entry" on public.waitlist
  for update to authenticated
  using (uid = (select auth.uid()))
  with check (uid = (select auth.uid()) and (select private.is_google_student()));

-- ---------------------------------------------------------------------------------------------
-- hero_consent: given once, by a Google student on the list; never renewed (the first date
-- stands); withdrawn by deleting it.
-- ---------------------------------------------------------------------------------------------
drop policy "a student grants their own consent" on public.hero_consent;
create policy "a Google student on the list grants their own consent" on public.hero_consent
  for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and (select private.is_google_student())
    and (select private.is_on_list())
  );
drop policy "a student renews their own consent" on public.hero_consent;
revoke update on table public.hero_consent from authenticated;

-- Given, or already given: the first date stands. Runs as the caller, so the policies decide.
create or replace function public.grant_hero_consent()
returns table (granted_at timestamptz)
language sql
volatile
security invoker
set search_path = ''
as $$
  with given as (
    insert into public.hero_consent (user_id)
    values ((select auth.uid()))
    on conflict (user_id) do nothing
    returning hero_consent.granted_at
  )
  select granted_at from given
  union all
  select c.granted_at from public.hero_consent c
  where c.user_id = (select auth.uid()) and not exists (select 1 from given)
$$;
revoke all on function public.grant_hero_consent() from public, anon, authenticated;
grant execute on function public.grant_hero_consent() to authenticated;

-- ---------------------------------------------------------------------------------------------
-- The operator's review of each photo, and the kill switch (admin-only).
-- ---------------------------------------------------------------------------------------------
create table private.hero_photo_review (
  user_id uuid primary key references auth.users (id) on delete cascade,
  -- The exact photo decided on: a later profile change is another photo, pending again.
  photo_url text not null check (length(photo_url) <= 2048),
  approved boolean not null,
  decided_at timestamptz not null default now()
);
revoke all on table private.hero_photo_review from public, anon, authenticated;

create table private.hero_settings (
  id boolean primary key default true check (id),
  strip_enabled boolean not null default true
);
insert into private.hero_settings (id) values (true) on conflict do nothing;
revoke all on table private.hero_settings from public, anon, authenticated;

-- A withdrawn consent takes the photo's review with it: a new consent is reviewed again.
create or replace function private.forget_photo_review()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from private.hero_photo_review where user_id = old.user_id;
  return old;
end
$$;
revoke all on function private.forget_photo_review() from public, anon, authenticated;
create trigger hero_consent_withdrawn
after delete on public.hero_consent
for each row execute function private.forget_photo_review();

-- A student's photo as Google sent it at their last sign-in, from their Google identity.
create or replace function private.google_photo(student uuid)
returns text
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(nullif(i.identity_data ->> 'avatar_url', ''), i.identity_data ->> 'picture')
  from auth.identities i
  where i.user_id = student and i.provider = 'google'
  order by i.created_at
  limit 1
$$;
revoke all on function private.google_photo(uuid) from public, anon, authenticated;

-- Only Google's photo hosts (as src/domain/hero-image.ts and functions/src/hero-images.ts say).
create or replace function private.is_google_photo(url text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(url ~ '^https://lh[3-6]\.googleusercontent\.com(/[^[:space:]]*)?$'
    and length(url) <= 2048, false)
$$;
revoke all on function private.is_google_photo(text) from public, anon, authenticated;

-- The review queue, for operators: each consenting student on the list, their current Google
-- photo and its state ('pending' until approved or rejected; a changed photo is pending again).
create or replace view private.hero_photo_queue as
  select consent.user_id, consent.granted_at, photo.url as photo_url,
    case
      when review.photo_url is distinct from photo.url then 'pending'
      when review.approved then 'approved'
      else 'rejected'
    end as status
  from public.hero_consent consent
  join public.waitlist entry on entry.uid = consent.user_id
  cross join lateral (select private.google_photo(consent.user_id) as url) photo
  left join private.hero_photo_review review on review.user_id = consent.user_id
  where photo.url is not null;
revoke all on private.hero_photo_queue from public, anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- The hero strip's avatars (spec section 7, call 1): nothing while the kill switch is off; else
-- the approved Google photos of consenting students on the list, oldest consent first, at most 5,
-- and nothing else about them. Runs as its owner to read auth.identities and the reviews.
-- ---------------------------------------------------------------------------------------------
create or replace function public.get_hero_profile_images()
returns table ("photoURL" text, "imageData" text)
language sql
stable
security definer
set search_path = ''
as $$
  select queue.photo_url, null::text
  from private.hero_photo_queue queue
  where queue.status = 'approved'
    and private.is_google_photo(queue.photo_url)
    and (select strip_enabled from private.hero_settings where id)
  order by queue.granted_at, queue.user_id
  limit 5
$$;
revoke all on function public.get_hero_profile_images() from public;
grant execute on function public.get_hero_profile_images() to anon, authenticated;

-- ---------------------------------------------------------------------------------------------
-- 'Salir de la lista de espera': the caller's account and everything under it.
-- ---------------------------------------------------------------------------------------------
create or replace function public.delete_my_account()
returns boolean
language sql
volatile
security definer
set search_path = ''
as $$
  with gone as (delete from auth.users where id = (select auth.uid()) returning id)
  select exists (select 1 from gone)
$$;
revoke all on function public.delete_my_account() from public, anon, authenticated;
grant execute on function public.delete_my_account() to authenticated;

-- The search runs as its owner (it reads only the public catalogue), so that its normalizing
-- helper and the colleges' trigger function are no API: anon and authenticated may call
-- search_colleges() and nothing under it.
alter function public.search_colleges(text) security definer;
revoke all on function public.college_search_normalize(text) from public, anon, authenticated;
revoke all on function public.colleges_fill_search() from public, anon, authenticated;
