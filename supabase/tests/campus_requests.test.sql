-- 20261125130000_campus_requests.sql (issue 28): 'Mi campus no aparece' through
-- request_campus() only; one row per student and campus; at most 5; checked; private. Issue 51
-- (…_campus_requests_wall.sql): Google accounts only; no link, no format character.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(18);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx'),
  ('22222222-2222-4222-8222-222222222222', 'luis@alumnos.udg.mx');

set local role authenticated;
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated","app_metadata":{"provider":"email"}}';
select throws_ok($$select public.request_campus('Universidad de Colima, Manzanillo', 'Manzanillo')$$,
  '42501', null, 'an e-mail/password account cannot request');
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated","is_anonymous":true,"app_metadata":{"provider":"google"}}';
select throws_ok($$select public.request_campus('Universidad de Colima, Manzanillo', 'Manzanillo')$$,
  '42501', null, 'nor an anonymous one');
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated","app_metadata":{"provider":"google"}}';
select lives_ok($$select public.request_campus('Universidad de Colima, Manzanillo', 'Manzanillo')$$,
  'a student signed in with Google requests a campus');
select throws_ok($$select public.request_campus('Visita https://evil.example/premio', 'León')$$, '22023',
  null, 'a link');
select throws_ok($$select public.request_campus('Universidad www.premio.example', 'León')$$, '22023',
  null, 'a link without its scheme');
select throws_ok($$select public.request_campus('Universidad ' || chr(8238) || 'lanoicaN', 'León')$$,
  '22023', null, 'a bidi override');
select throws_ok($$select public.request_campus('Universidad' || chr(8203) || ' del Bajío', 'León')$$,
  '22023', null, 'a zero-width space');
select lives_ok($$select public.request_campus('  universidad de  colima manzanillo ', 'MANZANILLO')$$,
  'the same campus written otherwise is no error');
select throws_ok($$select public.request_campus('UL', 'León')$$, '22023', null, 'a name too short');
select throws_ok($$select public.request_campus('Universidad <b>', 'León')$$, '22023', null, 'markup');
select throws_ok($$select public.request_campus('Universidad del Bajío', repeat('y', 81))$$, '22023',
  null, 'a city too long');
select lives_ok($$select public.request_campus('Campus ' || n, 'León') from generate_series(2, 5) n$$,
  'four more campuses: five in all');
select throws_ok($$select public.request_campus('Campus 6', 'León')$$, 'PT429', null,
  'a sixth campus is refused (HTTP 429)');
select throws_ok($$select * from private.campus_requests$$, '42501', null,
  'a student cannot read the requests');
select throws_ok($$insert into private.campus_requests (user_id, request_key, name, city)
    values ('22222222-2222-4222-8222-222222222222', 'x|y', 'xxx', 'yy')$$,
  '42501', null, 'nor write one in another''s name');

set local request.jwt.claims = '{"sub":"22222222-2222-4222-8222-222222222222","role":"authenticated","app_metadata":{"provider":"google"}}';
select lives_ok($$select public.request_campus('Universidad de Colima, Manzanillo', 'Manzanillo')$$,
  'a second student asks for the same campus');
reset role;
select results_eq($$select count(*)::integer from private.campus_requests
    where request_key = private.campus_request_fold('Universidad de Colima, Manzanillo') || '|manzanillo'$$,
  $$values (2)$$, 'counted per campus: two students, two requests (the first student''s repeat is one)');

set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select throws_ok($$select public.request_campus('Universidad de Sotavento', 'Coatzacoalcos')$$,
  '42501', null, 'anon cannot request');

select * from finish();
rollback;
