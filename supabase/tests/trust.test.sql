-- 20261124000000_trust.sql (issue 23): only a Google, non-anonymous account joins, changes its
-- campus or consents; delete_my_account() deletes the caller's account and everything under it;
-- no helper is callable by anon.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(14);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx'),
  ('22222222-2222-4222-8222-222222222222', 'victim@alumnos.udg.mx'),
  ('33333333-3333-4333-8333-333333333333', null);
insert into auth.identities (provider_id, user_id, identity_data, provider) values
  ('g-ana', '11111111-1111-4111-8111-111111111111',
   '{"avatar_url":"https://lh3.googleusercontent.com/a/ana"}', 'google');

-- An e-mail/password account claiming a student's address.
set local role authenticated;
set local request.jwt.claims = '{"sub":"22222222-2222-4222-8222-222222222222","email":"victim@alumnos.udg.mx","role":"authenticated","app_metadata":{"provider":"email"},"is_anonymous":false}';
select throws_ok($$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('22222222-2222-4222-8222-222222222222', 'victim@alumnos.udg.mx', 'udg-cucei', true, '2026-11-28')$$,
  '42501', null, 'an e-mail/password account cannot join');
reset role;
insert into public.waitlist (uid, email, college_id, adult, notice_version)
  values ('22222222-2222-4222-8222-222222222222', 'victim@alumnos.udg.mx', 'udg-cucei', true, '2026-11-28');
set local role authenticated;
select throws_ok($$select public.grant_hero_consent('2026-11-28')$$, '42501', null,
  'nor consent, even with an entry');
select throws_ok($$update public.waitlist set college_id = 'udg-cucea'$$, '42501', null,
  'nor change a campus');

-- An anonymous sign-in.
set local request.jwt.claims = '{"sub":"33333333-3333-4333-8333-333333333333","role":"authenticated","app_metadata":{"provider":"anonymous"},"is_anonymous":true}';
select throws_ok($$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('33333333-3333-4333-8333-333333333333', 'x@alumnos.udg.mx', 'udg-cucei', true, '2026-11-28')$$,
  '42501', null, 'an anonymous account cannot join');
select throws_ok($$select public.grant_hero_consent('2026-11-28')$$, '42501', null,
  'nor consent');
-- A Google token that says it is anonymous is anonymous.
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","email":"ana@alumnos.udg.mx","role":"authenticated","app_metadata":{"provider":"google"},"is_anonymous":true}';
select throws_ok($$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei', true, '2026-11-28')$$,
  '42501', null, 'a token marked anonymous cannot join, whatever its provider');

-- Ana, with Google: joins, consents, is approved, and then leaves.
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","email":"ana@alumnos.udg.mx","role":"authenticated","app_metadata":{"provider":"google"},"is_anonymous":false}';
select lives_ok($$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei', true, '2026-11-28')$$,
  'a Google student joins');
select lives_ok($$select public.grant_hero_consent('2026-11-28')$$, 'and consents');
reset role;
insert into private.hero_photo_review (user_id, photo_url, approved)
  values ('11111111-1111-4111-8111-111111111111', 'https://lh3.googleusercontent.com/a/ana', true);
set local role authenticated;
select results_eq($$select public.delete_my_account()$$, $$values (true)$$,
  'delete_my_account() deletes the caller''s account');
select results_eq($$select public.delete_my_account()$$, $$values (false)$$,
  'and again is no error (nothing left)');
reset role;
select is_empty($$select 1 from auth.users where id = '11111111-1111-4111-8111-111111111111'
  union all select 1 from public.waitlist where uid = '11111111-1111-4111-8111-111111111111'
  union all select 1 from public.hero_consent where user_id = '11111111-1111-4111-8111-111111111111'
  union all select 1 from private.hero_photo_review where user_id = '11111111-1111-4111-8111-111111111111'
  union all select 1 from auth.identities where user_id = '11111111-1111-4111-8111-111111111111'$$,
  'nothing of the student is left: account, identity, entry, consent, photo review');
select results_eq($$select count(*)::int from auth.users$$, $$values (2)$$,
  'and nobody else was deleted');

-- What anon may call.
select ok(not has_function_privilege('anon', 'public.delete_my_account()', 'execute')
  and not has_function_privilege('anon', 'public.grant_hero_consent(text)', 'execute')
  and not has_function_privilege('anon', 'public.colleges_fill_search()', 'execute')
  and not has_function_privilege('anon', 'public.college_search_normalize(text)', 'execute')
  and not has_function_privilege('authenticated', 'public.college_search_normalize(text)', 'execute')
  and has_function_privilege('anon', 'public.search_colleges(text)', 'execute')
  and not has_function_privilege('anon', 'public.hero_consent_date()', 'execute'),
  'anon may call none of the functions that act on an account, nor the helpers; only the search');
select ok(not has_schema_privilege('anon', 'private', 'usage')
  and not has_function_privilege('anon', 'private.is_google_student()', 'execute')
  and not has_function_privilege('anon', 'private.is_on_list()', 'execute'),
  'anon cannot reach the private schema or its helpers');

select * from finish();
rollback;
