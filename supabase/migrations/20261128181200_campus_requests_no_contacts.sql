-- Issue 59, point 3: a request names a campus, never a place to write to. Its text (as
-- 20261127130000_campus_requests_wall.sql checks it) also refuses what the domain's CONTACT
-- refuses (src/domain/campus-request-rule.ts): a link, an e-mail ('@'), a domain ('algo.com': a
-- letter or digit, a dot, two or more Latin letters ending the word), or a run of 5 or more digits
-- (one space, dot, hyphen or slash allowed between them). public.request_campus reads
-- private.campus_request_text_ok; tests/supabase/campus-request-wall.test.ts holds it to refuse
-- whatever the domain refuses.

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
    and value !~* ('(@|[a-z0-9]\.[a-z]{2,}(?![a-z' || chr(192) || '-' || chr(214) || chr(216)
      || '-' || chr(246) || chr(248) || '-' || chr(591) || chr(7680) || '-' || chr(7935)
      || '])|[0-9]([ ./-]?[0-9]){4})')
$$;
revoke all on function private.campus_request_text_ok(text, integer, integer) from public, anon, authenticated;
