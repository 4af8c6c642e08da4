-- GENERATED, do not edit: the Supabase database's seller-choices feature as the migrations leave it:
--   which offerings a student would sell (SellerChoices).
-- Made by `npm run schema:supabase -- --write` (scripts/data/supabase-schema.ts) from a
-- throwaway PostgreSQL 15 with stand-ins/supabase/platform.sql and every migration applied,
-- read back from its catalog (owners, extension versions, data and the platform's objects left
-- out). The deploy path is supabase/migrations/ alone, append-only: a change is a new migration
-- (one per feature it touches), then this command. "Migrations:" says how each object got here.

-- table private.seller_choices
-- Migrations: 20261128070000_campus_launch.sql
create table private.seller_choices (
  user_id uuid not null,
  categories text[] not null,
  updated_at timestamp with time zone default now() not null,
  constraint seller_choices_pkey PRIMARY KEY (user_id),
  constraint seller_choices_user_id_fkey FOREIGN KEY (user_id) REFERENCES public.waitlist(uid) ON DELETE CASCADE,
  constraint seller_choices_categories_check CHECK (cardinality(categories) >= 1 AND cardinality(categories) <= 7 AND categories <@ ARRAY['comida-casera'::text, 'platillos-favoritos'::text, 'platillos-preparados'::text, 'snacks'::text, 'postres'::text, 'servicios'::text, 'material-de-estudio'::text])
);
-- No grants: its owner alone.

-- function private.seller_categories()
-- Migrations: 20261128070000_campus_launch.sql
CREATE OR REPLACE FUNCTION private.seller_categories()
 RETURNS text[]
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select array['comida-casera', 'platillos-favoritos', 'platillos-preparados', 'snacks',
    'postres', 'servicios', 'material-de-estudio']::text[]
$function$;
-- No grants: its owner alone.

-- function public.my_seller_choice()
-- Migrations: 20261128070000_campus_launch.sql
CREATE OR REPLACE FUNCTION public.my_seller_choice()
 RETURNS text[]
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select case when w.uid is null then null else coalesce(array(
    select c from unnest(private.seller_categories()) with ordinality as k (c, n)
    where c = any (s.categories) order by n), '{}'::text[]) end
  from (select (select auth.uid()) as me) caller
  left join public.waitlist w on w.uid = caller.me
  left join private.seller_choices s on s.user_id = w.uid
$function$;
grant execute on function public.my_seller_choice() to authenticated, service_role;

-- function public.save_seller_choice(jsonb)
-- Migrations: 20261128070000_campus_launch.sql
CREATE OR REPLACE FUNCTION public.save_seller_choice(categories jsonb)
 RETURNS text[]
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  me uuid := (select auth.uid());
  wanted text[];
begin
  if me is null or not private.is_google_student() then
    raise exception 'sign in with Google to save a seller choice' using errcode = '42501';
  end if;
  if categories is null or jsonb_typeof(categories) <> 'array' or jsonb_array_length(categories) > 14
    or exists (select 1 from jsonb_array_elements(categories) e where jsonb_typeof(e) <> 'string') then
    raise exception 'not a choice of the seven offerings' using errcode = '22023';
  end if;
  wanted := array(select jsonb_array_elements_text(categories));
  if not wanted <@ private.seller_categories() then
    raise exception 'not a choice of the seven offerings' using errcode = '22023';
  end if;
  if not exists (select 1 from public.waitlist w where w.uid = me) then
    return null;
  end if;
  wanted := array(select c from unnest(private.seller_categories()) with ordinality as k (c, n)
    where c = any (wanted) order by n);
  if cardinality(wanted) = 0 then
    delete from private.seller_choices s where s.user_id = me;
  else
    insert into private.seller_choices (user_id, categories) values (me, wanted)
    on conflict (user_id) do update set categories = excluded.categories, updated_at = now();
  end if;
  return wanted;
end
$function$;
grant execute on function public.save_seller_choice(jsonb) to authenticated, service_role;
