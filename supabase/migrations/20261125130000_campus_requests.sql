-- Issue 28, 'Mi campus no aparece': a signed-in student asks for a campus the catalogue lacks.
-- One row per student and requested campus (a repeat counts once), at most 5 campuses per
-- student; operators read them counted per campus (`npm run report:supabase`). The student's rows
-- go with their account (on delete cascade). The page reaches the table only through
-- request_campus(), which checks the request again (src/domain/campus-request.ts).

create table private.campus_requests (
  user_id uuid not null references auth.users (id) on delete cascade,
  -- The campus as counted: name and city folded (lower case, no accents or punctuation).
  request_key text not null check (length(request_key) <= 220),
  name text not null check (char_length(name) between 3 and 120),
  city text not null check (char_length(city) between 2 and 80),
  created_at timestamptz not null default now(),
  primary key (user_id, request_key)
);
revoke all on table private.campus_requests from public, anon, authenticated;

-- Name and city folded as src/domain/campus-request.ts folds them.
create or replace function private.campus_request_fold(value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select btrim(regexp_replace(lower(extensions.unaccent('extensions.unaccent'::regdictionary, value)),
    '[^[:alnum:]]+', ' ', 'g'))
$$;
revoke all on function private.campus_request_fold(text) from public, anon, authenticated;

create or replace function public.request_campus(name text, city text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  n text := btrim(regexp_replace(normalize(coalesce(name, ''), NFC), '\s+', ' ', 'g'));
  c text := btrim(regexp_replace(normalize(coalesce(city, ''), NFC), '\s+', ' ', 'g'));
  key text;
begin
  if me is null then
    raise exception 'sign in to request a campus' using errcode = '42501';
  end if;
  -- Lengths, and no control character or markup (the domain's rule is stricter; this is the wall).
  if char_length(n) not between 3 and 120 or char_length(c) not between 2 and 80
    or n ~ '[[:cntrl:]<>"\\{}\[\]]' or c ~ '[[:cntrl:]<>"\\{}\[\]]' then
    raise exception 'invalid campus request' using errcode = '22023';
  end if;
  key := private.campus_request_fold(n) || '|' || private.campus_request_fold(c);
  if exists (select 1 from private.campus_requests r where r.user_id = me and r.request_key = key) then
    return; -- a repeat counts once
  end if;
  if (select count(*) from private.campus_requests r where r.user_id = me) >= 5 then
    -- PostgREST answers SQLSTATE PT429 with HTTP 429 (resource-exhausted for the page).
    raise exception 'too many campus requests' using errcode = 'PT429';
  end if;
  insert into private.campus_requests (user_id, request_key, name, city)
  values (me, key, n, c)
  on conflict do nothing;
end
$$;
revoke all on function public.request_campus(text, text) from public, anon, authenticated;
grant execute on function public.request_campus(text, text) to authenticated;
