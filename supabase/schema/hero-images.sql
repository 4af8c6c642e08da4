-- GENERATED, do not edit: the Supabase database's hero-images feature as the migrations leave it:
--   the hero strip’s photos: the operators’ review, the kill switch, the strip kept in order
--   (HeroImages).
-- Made by `npm run schema:supabase -- --write` (scripts/data/supabase-schema.ts) from a
-- throwaway PostgreSQL 15 with stand-ins/supabase/platform.sql and every migration applied,
-- read back from its catalog (owners, extension versions, data and the platform's objects left
-- out). The deploy path is supabase/migrations/ alone, append-only: a change is a new migration
-- (one per feature it touches), then this command. "Migrations:" says how each object got here.

-- table private.hero_photo_review
-- Migrations: 20261124000000_trust.sql
create table private.hero_photo_review (
  user_id uuid not null,
  photo_url text not null,
  approved boolean not null,
  decided_at timestamp with time zone default now() not null,
  constraint hero_photo_review_pkey PRIMARY KEY (user_id),
  constraint hero_photo_review_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE,
  constraint hero_photo_review_photo_url_check CHECK (length(photo_url) <= 2048)
);
-- No grants: its owner alone.

-- table private.hero_settings
-- Migrations: 20261124000000_trust.sql
create table private.hero_settings (
  id boolean default true not null,
  strip_enabled boolean default true not null,
  constraint hero_settings_pkey PRIMARY KEY (id),
  constraint hero_settings_id_check CHECK (id)
);
-- No grants: its owner alone.

-- table private.hero_strip
-- Migrations: 20261128000000_derived_counts.sql
create table private.hero_strip (
  user_id uuid not null,
  photo_url text not null,
  granted_at timestamp with time zone not null,
  constraint hero_strip_pkey PRIMARY KEY (user_id),
  constraint hero_strip_user_id_fkey FOREIGN KEY (user_id) REFERENCES auth.users(id) ON DELETE CASCADE
);
CREATE INDEX hero_strip_order ON private.hero_strip USING btree (granted_at, user_id);
-- No grants: its owner alone.

-- view private.hero_photo_queue
-- Migrations: 20261124000000_trust.sql
create view private.hero_photo_queue as
 SELECT consent.user_id,
    consent.granted_at,
    photo.url AS photo_url,
        CASE
            WHEN review.photo_url IS DISTINCT FROM photo.url THEN 'pending'::text
            WHEN review.approved THEN 'approved'::text
            ELSE 'rejected'::text
        END AS status
   FROM public.hero_consent consent
     JOIN public.waitlist entry ON entry.uid = consent.user_id
     CROSS JOIN LATERAL ( SELECT private.google_photo(consent.user_id) AS url) photo
     LEFT JOIN private.hero_photo_review review ON review.user_id = consent.user_id
  WHERE photo.url IS NOT NULL;
-- No grants: its owner alone.

-- function private.forget_photo_review()
-- Migrations: 20261124000000_trust.sql
CREATE OR REPLACE FUNCTION private.forget_photo_review()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  delete from private.hero_photo_review where user_id = old.user_id;
  return old;
end
$function$;
-- No grants: its owner alone.

-- function private.google_photo(uuid)
-- Migrations: 20261124000000_trust.sql
CREATE OR REPLACE FUNCTION private.google_photo(student uuid)
 RETURNS text
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(nullif(i.identity_data ->> 'avatar_url', ''), i.identity_data ->> 'picture')
  from auth.identities i
  where i.user_id = student and i.provider = 'google'
  order by i.created_at
  limit 1
$function$;
-- No grants: its owner alone.

-- function private.hero_strip_changed()
-- Migrations: 20261128000000_derived_counts.sql
CREATE OR REPLACE FUNCTION private.hero_strip_changed()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  if tg_table_name = 'waitlist' then
    -- A join comes before any consent (one is given only on the list): nothing to look at.
    if exists (select 1 from public.hero_consent c where c.user_id = coalesce(new.uid, old.uid)) then
      perform private.refresh_hero_strip(coalesce(new.uid, old.uid));
    end if;
  else
    perform private.refresh_hero_strip(coalesce(new.user_id, old.user_id));
  end if;
  return null;
end
$function$;
-- No grants: its owner alone.

-- function private.is_google_photo(text)
-- Migrations: 20261124000000_trust.sql
CREATE OR REPLACE FUNCTION private.is_google_photo(url text)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select coalesce(url ~ '^https://lh[3-6]\.googleusercontent\.com(/[^[:space:]]*)?$'
    and length(url) <= 2048, false)
$function$;
-- No grants: its owner alone.

-- function private.refresh_hero_strip(uuid)
-- Migrations: 20261128000000_derived_counts.sql
CREATE OR REPLACE FUNCTION private.refresh_hero_strip(student uuid)
 RETURNS void
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
-- No grants: its owner alone.

-- function public.get_hero_profile_images()
-- Migrations: 20261123000000_waitlist.sql, 20261124000000_trust.sql,
--   20261128000000_derived_counts.sql
CREATE OR REPLACE FUNCTION public.get_hero_profile_images()
 RETURNS TABLE("photoURL" text, "imageData" text)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
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
$function$;
grant execute on function public.get_hero_profile_images() to anon, authenticated, service_role;

-- trigger hero_review_strip on private.hero_photo_review
-- Migrations: 20261128000000_derived_counts.sql
CREATE TRIGGER hero_review_strip AFTER INSERT OR DELETE OR UPDATE ON private.hero_photo_review FOR EACH ROW EXECUTE FUNCTION private.hero_strip_changed();

-- trigger hero_consent_strip on public.hero_consent
-- Migrations: 20261128000000_derived_counts.sql
CREATE TRIGGER hero_consent_strip AFTER INSERT OR DELETE OR UPDATE ON public.hero_consent FOR EACH ROW EXECUTE FUNCTION private.hero_strip_changed();

-- trigger hero_consent_withdrawn on public.hero_consent
-- Migrations: 20261124000000_trust.sql
CREATE TRIGGER hero_consent_withdrawn AFTER DELETE ON public.hero_consent FOR EACH ROW EXECUTE FUNCTION private.forget_photo_review();

-- trigger waitlist_hero_strip on public.waitlist
-- Migrations: 20261128000000_derived_counts.sql
CREATE TRIGGER waitlist_hero_strip AFTER INSERT OR DELETE ON public.waitlist FOR EACH ROW EXECUTE FUNCTION private.hero_strip_changed();
