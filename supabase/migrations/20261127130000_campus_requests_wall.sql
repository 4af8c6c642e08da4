-- Issue 51, item 4: 'Mi campus no aparece' only from a student signed in with Google (not an
-- e-mail/password or an anonymous account: private.is_google_student(), as joining), the cap of 5
-- held under parallel calls (one transaction-scoped lock per student), and the text checked by
-- the page's own rule (src/domain/campus-request-rule.ts): Latin letters with their accents (composed),
-- digits, spaces and . , ' ’ ( ) & / -; no link (`://`, `www.`), no format character (bidi
-- overrides, zero-width spaces: \p{Cf}), no control character, no markup. tests/supabase hold this
-- wall to refuse whatever the domain's parser refuses.

-- A request's text tidied as the domain tidies it: Unicode composed (NFC), spaces collapsed.
create or replace function private.campus_request_tidy(value text)
returns text
language sql
immutable
set search_path = ''
as $$ select btrim(regexp_replace(normalize(coalesce(value, ''), NFC), '\s+', ' ', 'g')) $$;
revoke all on function private.campus_request_tidy(text) from public, anon, authenticated;

-- A request's text, tidied as the domain tidies it (NFC, spaces collapsed), fits: its length in
-- characters, the letters and punctuation above, and no link. Code-point ranges, not [[:alpha:]]
-- (which reads the database's locale).
create or replace function private.campus_request_text_ok(value text, min_length integer, max_length integer)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(value, '') <> ''
    and char_length(value) between min_length and max_length
    and value ~ ('^[A-Za-z0-9' || chr(192) || '-' || chr(214) || chr(216) || '-' || chr(246)
      || chr(248) || '-' || chr(591) || chr(7680) || '-' || chr(7935)
      || ' .,''' || chr(8217) || '()&/-]+$')
    and value !~* '(://|www\.)'
$$;
revoke all on function private.campus_request_text_ok(text, integer, integer) from public, anon, authenticated;

create or replace function public.request_campus(name text, city text)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  n text := private.campus_request_tidy(name);
  c text := private.campus_request_tidy(city);
  key text;
begin
  if me is null or not private.is_google_student() then
    raise exception 'sign in with Google to request a campus' using errcode = '42501';
  end if;
  if not private.campus_request_text_ok(n, 3, 120) or not private.campus_request_text_ok(c, 2, 80) then
    raise exception 'invalid campus request' using errcode = '22023';
  end if;
  key := private.campus_request_fold(n) || '|' || private.campus_request_fold(c);
  -- One student's requests one at a time: the count below and the insert are one step.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtextextended('campus_requests:' || me::text, 0));
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
