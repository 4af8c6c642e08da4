-- 20261123120000_my_entry.sql: a student changes the campus of and deletes their own waitlist
-- entry, and gives, renews and withdraws their own hero consent; every denial beside them.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(39);

insert into auth.users (id, email, raw_user_meta_data) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx',
   '{"avatar_url":"https://lh3.googleusercontent.com/a/ana"}'),
  ('22222222-2222-4222-8222-222222222222', 'luis@alumnos.itesm.mx',
   '{"avatar_url":"https://lh3.googleusercontent.com/a/luis"}');
insert into public.waitlist (uid, email, college_id, created_at) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei', '2026-01-01'),
  ('22222222-2222-4222-8222-222222222222', 'luis@alumnos.itesm.mx', 'itesm-gdl', '2026-01-02');

-- The shape: exactly these column privileges, and the RPC for the signed-in only.
select ok(has_column_privilege('authenticated', 'public.waitlist', 'college_id', 'update'),
  'authenticated may update college_id');
select ok(not has_column_privilege('authenticated', 'public.waitlist', 'email', 'update')
  and not has_column_privilege('authenticated', 'public.waitlist', 'created_at', 'update')
  and not has_column_privilege('authenticated', 'public.waitlist', 'uid', 'update'),
  'and no other column of waitlist');
select ok(has_table_privilege('authenticated', 'public.waitlist', 'delete'),
  'authenticated may delete (its own rows, by policy)');
select ok(not has_table_privilege('anon', 'public.waitlist', 'update, delete'),
  'anon may neither update nor delete waitlist');
select ok(not has_table_privilege('authenticated', 'public.hero_consent', 'update')
  and not has_column_privilege('authenticated', 'public.hero_consent', 'granted_at', 'update')
  and not has_column_privilege('authenticated', 'public.hero_consent', 'granted_at', 'insert'),
  'hero_consent: no update at all (the first date stands), no insert of granted_at');
select ok(has_function_privilege('authenticated', 'public.grant_hero_consent(text)', 'execute'),
  'authenticated may call grant_hero_consent()');
select ok(not has_function_privilege('anon', 'public.grant_hero_consent(text)', 'execute'),
  'anon may not call grant_hero_consent()');
select ok(not has_function_privilege('anon', 'public.hero_consent_date()', 'execute')
  and not has_function_privilege('authenticated', 'public.hero_consent_date()', 'execute'),
  'the trigger function is no API');
select ok(not (select prosecdef from pg_proc where oid = 'public.grant_hero_consent(text)'::regprocedure),
  'grant_hero_consent() runs as the caller (security invoker)');

-- Ana, signed in.
set local role authenticated;
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","email":"ana@alumnos.udg.mx","role":"authenticated","app_metadata":{"provider":"google"},"is_anonymous":false}';
select results_eq(
  $$update public.waitlist set college_id = 'itesm-gdl'
    where uid = '11111111-1111-4111-8111-111111111111' returning email, college_id, created_at$$,
  $$values ('ana@alumnos.udg.mx', 'itesm-gdl', '2026-01-01'::timestamptz)$$,
  'a student changes the campus of their own entry; the e-mail and date stay');
select throws_ok($$update public.waitlist set college_id = 'ITESM GDL'$$, '23514', null,
  'a college id that breaks the id rule is refused');
select throws_ok($$update public.waitlist set college_id = 'no-existe'$$, '23503', null,
  'a college that is not in the catalogue is refused');
select throws_ok($$update public.waitlist set email = 'otra@alumnos.udg.mx'$$, '42501', null,
  'the e-mail cannot be changed');
select throws_ok($$update public.waitlist set created_at = '2020-01-01'$$, '42501', null,
  'the date of joining cannot be changed');
select throws_ok(
  $$update public.waitlist set college_id = 'udg-cucea', email = 'otra@alumnos.udg.mx'$$,
  '42501', null, 'not even beside the campus');
select is_empty(
  $$update public.waitlist set college_id = 'udg-cucea'
    where uid = '22222222-2222-4222-8222-222222222222' returning uid$$,
  'another student''s campus cannot be changed');
select is_empty(
  $$delete from public.waitlist where uid = '22222222-2222-4222-8222-222222222222' returning uid$$,
  'another student''s entry cannot be deleted');

-- Ana's hero consent: given once, never renewed, never dated by her.
select is_empty($$select * from public.hero_consent$$, 'no consent at first');
select results_eq($$select granted_at from public.grant_hero_consent('2026-11-28')$$, $$values (now())$$,
  'grant_hero_consent() records her consent, dated now');
select results_eq($$select user_id::text from public.hero_consent$$,
  $$values ('11111111-1111-4111-8111-111111111111')$$, 'and she reads it back');
reset role;
-- Behind the API, an old consent (the dating trigger off for this one statement).
set local session_replication_role = replica;
update public.hero_consent set granted_at = '2025-01-01';
set local session_replication_role = origin;
select results_eq($$select granted_at from public.hero_consent$$,
  $$values ('2025-01-01'::timestamptz)$$, 'an old consent, as set up');
set local role authenticated;
select results_eq($$select granted_at from public.grant_hero_consent('2026-11-28')$$,
  $$values ('2025-01-01'::timestamptz)$$, 'granting again is no error, and answers the first date');
select results_eq($$select count(*)::int, max(granted_at) from public.hero_consent$$,
  $$values (1, '2025-01-01'::timestamptz)$$,
  'which stands: renewing never moves a student up the strip');
select throws_ok(
  $$insert into public.hero_consent (user_id, granted_at)
    values ('11111111-1111-4111-8111-111111111111', '2030-01-01')$$,
  '42501', null, 'a client-chosen granted_at cannot be inserted');
select throws_ok($$update public.hero_consent set granted_at = '2030-01-01'$$,
  '42501', null, 'a consent cannot be re-dated');
select results_eq($$select granted_at from public.hero_consent$$,
  $$values ('2025-01-01'::timestamptz)$$, 'its date is as it was');
select throws_ok(
  $$update public.hero_consent set user_id = '22222222-2222-4222-8222-222222222222'$$,
  '42501', null, 'a consent cannot be moved to another student');
select throws_ok(
  $$insert into public.hero_consent (user_id) values ('22222222-2222-4222-8222-222222222222')$$,
  '42501', null, 'another student''s consent cannot be given');
reset role;

-- Luis, signed in, with a consent of his own.
insert into public.hero_consent (user_id) values ('22222222-2222-4222-8222-222222222222');
set local role authenticated;
set local request.jwt.claims = '{"sub":"22222222-2222-4222-8222-222222222222","email":"luis@alumnos.itesm.mx","role":"authenticated","app_metadata":{"provider":"google"},"is_anonymous":false}';
select is_empty(
  $$select * from public.hero_consent where user_id = '11111111-1111-4111-8111-111111111111'$$,
  'another student''s consent is not readable');
select throws_ok(
  $$update public.hero_consent set granted_at = now()
    where user_id = '11111111-1111-4111-8111-111111111111' returning user_id$$,
  '42501', null, 'another student''s consent cannot be renewed');
select is_empty(
  $$delete from public.hero_consent
    where user_id = '11111111-1111-4111-8111-111111111111' returning user_id$$,
  'another student''s consent cannot be revoked');
select results_eq(
  $$delete from public.hero_consent returning user_id::text$$,
  $$values ('22222222-2222-4222-8222-222222222222')$$,
  'a student revokes their own consent (deleting the record)');
select results_eq(
  $$delete from public.waitlist returning uid::text$$,
  $$values ('22222222-2222-4222-8222-222222222222')$$,
  'a student deletes their own entry, and only it');
reset role;

-- Anonymous visitors can do none of it.
set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select throws_ok($$update public.waitlist set college_id = 'udg-cucea'$$, '42501', null,
  'an anonymous update of waitlist is refused');
select throws_ok($$delete from public.waitlist$$, '42501', null,
  'an anonymous delete of waitlist is refused');
select throws_ok($$select public.grant_hero_consent('2026-11-28')$$, '42501', null,
  'an anonymous grant is refused');
select throws_ok($$delete from public.hero_consent$$, '42501', null,
  'an anonymous revoke is refused');
reset role;

-- Behind the API: what stands, and the hero strip reads only current consents.
select results_eq(
  $$select uid::text, email, college_id from public.waitlist order by uid$$,
  $$values ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'itesm-gdl')$$,
  'Ana''s entry stands with her new campus; Luis''s is gone');
-- Their Google identities, and the operator's approval of both photos.
insert into auth.identities (provider_id, user_id, identity_data, provider) values
  ('g-ana', '11111111-1111-4111-8111-111111111111',
   '{"avatar_url":"https://lh3.googleusercontent.com/a/ana"}', 'google'),
  ('g-luis', '22222222-2222-4222-8222-222222222222',
   '{"avatar_url":"https://lh3.googleusercontent.com/a/luis"}', 'google');
insert into private.hero_photo_review (user_id, photo_url, approved) values
  ('11111111-1111-4111-8111-111111111111', 'https://lh3.googleusercontent.com/a/ana', true),
  ('22222222-2222-4222-8222-222222222222', 'https://lh3.googleusercontent.com/a/luis', true);
select results_eq($$select "photoURL" from public.get_hero_profile_images()$$,
  $$values ('https://lh3.googleusercontent.com/a/ana')$$,
  'the hero strip shows Ana (consented, approved), not Luis (revoked)');

select * from finish();
rollback;
