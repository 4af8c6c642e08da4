-- hero_consent's policies and get_hero_profile_images(): consented https avatars only, and
-- nothing else about the students.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(14);

insert into auth.users (id, email, raw_user_meta_data) values
  ('a0000000-0000-4000-8000-000000000001', 'c1@alumnos.udg.mx',
    '{"full_name":"Uno","avatar_url":"https://lh3.googleusercontent.com/a/one"}'),
  ('a0000000-0000-4000-8000-000000000002', 'c2@alumnos.udg.mx',
    '{"full_name":"Dos","picture":"https://lh3.googleusercontent.com/a/two"}'),
  ('a0000000-0000-4000-8000-000000000003', 'c3@alumnos.udg.mx',
    '{"full_name":"Tres","avatar_url":"https://lh3.googleusercontent.com/a/three"}'),
  ('a0000000-0000-4000-8000-000000000004', 'c4@alumnos.udg.mx',
    '{"avatar_url":"http://insecure.example/four.png"}'),
  ('a0000000-0000-4000-8000-000000000005', 'c5@alumnos.udg.mx',
    '{"avatar_url":"javascript:alert(1)"}'),
  ('a0000000-0000-4000-8000-000000000006', 'c6@alumnos.udg.mx', '{"full_name":"Sin foto"}');

select policies_are('public', 'hero_consent', array[
  'a student sees their own consent',
  'a student grants their own consent',
  'a student withdraws their own consent',
  'a student renews their own consent']);
select is(pg_get_function_result('public.get_hero_profile_images()'::regprocedure),
  'TABLE("photoURL" text, "imageData" text)', 'the function returns only image columns');
select ok((select prosecdef from pg_proc where oid = 'public.get_hero_profile_images()'::regprocedure),
  'it runs as its owner (page roles cannot read auth.users)');

-- Student 1 grants consent; may not grant it for student 3.
set local role authenticated;
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000001","email":"c1@alumnos.udg.mx","role":"authenticated"}';
select lives_ok($$insert into public.hero_consent (user_id) values ('a0000000-0000-4000-8000-000000000001')$$,
  'a student grants their own consent');
select throws_ok($$insert into public.hero_consent (user_id) values ('a0000000-0000-4000-8000-000000000003')$$,
  '42501', null, 'nobody grants another student''s consent');
select throws_ok($$insert into public.hero_consent (user_id, granted_at) values ('a0000000-0000-4000-8000-000000000001', '2020-01-01')$$,
  '42501', null, 'granted_at is the database''s');
reset role;
-- Students 2, 4, 5 and 6 consent too (granted by the operator here); 3 never does.
insert into public.hero_consent (user_id) values
  ('a0000000-0000-4000-8000-000000000002'), ('a0000000-0000-4000-8000-000000000004'),
  ('a0000000-0000-4000-8000-000000000005'), ('a0000000-0000-4000-8000-000000000006');

set local role authenticated;
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000001","email":"c1@alumnos.udg.mx","role":"authenticated"}';
select results_eq($$select count(*)::int from public.hero_consent$$, $$values (1)$$,
  'a student sees only their own consent');
select lives_ok($$delete from public.hero_consent where user_id = 'a0000000-0000-4000-8000-000000000002'$$,
  'deleting another student''s consent');
reset role;
select results_eq($$select count(*)::int from public.hero_consent where user_id = 'a0000000-0000-4000-8000-000000000002'$$,
  $$values (1)$$, 'removes nothing');

set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select throws_ok($$insert into public.hero_consent (user_id) values ('a0000000-0000-4000-8000-000000000003')$$,
  '42501', null, 'an anonymous visitor cannot consent');
select set_eq($$select "photoURL" from public.get_hero_profile_images()$$,
  array['https://lh3.googleusercontent.com/a/one', 'https://lh3.googleusercontent.com/a/two'],
  'anyone gets the https avatars of consenting students only (avatar_url, else picture)');
select ok((select bool_and("imageData" is null) from public.get_hero_profile_images()),
  'imageData is null (the page loads the URL)');
select ok(not exists (select 1 from public.get_hero_profile_images() t
    where row_to_json(t)::text ~ '@|a0000000|Uno|Dos'),
  'the answer holds no e-mail, no uid, no name');
reset role;
set local role authenticated;
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000001","email":"c1@alumnos.udg.mx","role":"authenticated"}';
delete from public.hero_consent where user_id = 'a0000000-0000-4000-8000-000000000001';
select set_eq($$select "photoURL" from public.get_hero_profile_images()$$,
  array['https://lh3.googleusercontent.com/a/two'],
  'a student who withdraws consent leaves the strip');
reset role;

select * from finish();
rollback;
