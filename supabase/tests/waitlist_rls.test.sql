-- Row-level security and privileges of public.waitlist: each allowed case and each denied one.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(30);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx'),
  ('22222222-2222-4222-8222-222222222222', 'luis@alumnos.itesm.mx');

-- The shape: RLS on, exactly these policies, exactly these privileges.
select ok((select relrowsecurity from pg_class where oid = 'public.waitlist'::regclass),
  'row-level security is enabled on waitlist');
select policies_are('public', 'waitlist', array[
  'a student reads their own entry',
  'a Google student adds their own entry, with their own e-mail',
  'a Google student changes the campus of their own entry',
  'a student deletes their own entry']);
select ok(not has_table_privilege('anon', 'public.waitlist', 'select, insert, update, delete'),
  'anon has no privilege at all on waitlist');
select ok(not has_table_privilege('authenticated', 'public.waitlist', 'update, truncate'),
  'authenticated can update only a column (college_id, 20261123120000_my_entry.sql), never truncate');
select ok(not has_column_privilege('authenticated', 'public.waitlist', 'created_at', 'insert'),
  'authenticated cannot write created_at');

-- Ana, signed in.
set local role authenticated;
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","email":"ana@alumnos.udg.mx","role":"authenticated","app_metadata":{"provider":"google"},"is_anonymous":false}';

select lives_ok(
  $$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei', true, '2026-11-28')$$,
  'a student adds their own entry');
select results_eq(
  $$select uid::text, email, college_id from public.waitlist$$,
  $$values ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei')$$,
  'and reads it back');
select lives_ok(
  $$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucea', true, '2026-11-28')
    on conflict (uid) do nothing$$,
  'joining again (on conflict do nothing) is not an error');
select results_eq(
  $$select count(*)::int, min(college_id) from public.waitlist$$,
  $$values (1, 'udg-cucei')$$,
  'and leaves one row, with the first college');
select throws_ok(
  $$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucea', true, '2026-11-28')$$,
  '23505', null, 'a plain second insert is a duplicate key');
select throws_ok(
  $$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucea', true, '2026-11-28')
    on conflict (uid) do update set email = excluded.email$$,
  '42501', null, 'an upsert that updates the e-mail is refused');
select throws_ok(
  $$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('22222222-2222-4222-8222-222222222222', 'ana@alumnos.udg.mx', 'udg-cucei', true, '2026-11-28')$$,
  '42501', null, 'another student''s row cannot be inserted');
select throws_ok(
  $$update public.waitlist set email = 'otra@alumnos.udg.mx'$$,
  '42501', null, 'the e-mail of an entry cannot be updated');
select throws_ok(
  $$update public.waitlist set created_at = now() - interval '1 year'$$,
  '42501', null, 'created_at cannot be rewritten');
select throws_ok(
  $$update public.waitlist set uid = '22222222-2222-4222-8222-222222222222'$$,
  '42501', null, 'an entry cannot be moved to another student');
reset role;

-- Luis, signed in.
set local role authenticated;
set local request.jwt.claims = '{"sub":"22222222-2222-4222-8222-222222222222","email":"luis@alumnos.itesm.mx","role":"authenticated","app_metadata":{"provider":"google"},"is_anonymous":false}';
select is_empty($$select * from public.waitlist$$, 'another student''s row is not readable');
select is_empty(
  $$select * from public.waitlist where uid = '11111111-1111-4111-8111-111111111111'$$,
  'not even asked for by its uid');
select throws_ok(
  $$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('22222222-2222-4222-8222-222222222222', 'ana@alumnos.udg.mx', 'udg-cucei', true, '2026-11-28')$$,
  '42501', null, 'a spoofed e-mail is refused');
select throws_ok(
  $$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('22222222-2222-4222-8222-222222222222', 'LUIS@alumnos.itesm.mx', 'udg-cucei', true, '2026-11-28')$$,
  '42501', null, 'the e-mail must be exactly the token''s');
select throws_ok(
  $$insert into public.waitlist (uid, email, college_id, created_at)
    values ('22222222-2222-4222-8222-222222222222', 'luis@alumnos.itesm.mx', 'udg-cucei', '2020-01-01')$$,
  '42501', null, 'a chosen created_at is refused');
select throws_ok(
  $$insert into public.waitlist (uid, email, college_id, is_admin)
    values ('22222222-2222-4222-8222-222222222222', 'luis@alumnos.itesm.mx', 'udg-cucei', true)$$,
  '42703', null, 'an extra column is refused');
select throws_ok(
  $$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('22222222-2222-4222-8222-222222222222', 'luis@alumnos.itesm.mx', 'UDG CUCEI', true, '2026-11-28')$$,
  '23514', null, 'a college id that breaks the id rule is refused');
select throws_ok(
  $$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('22222222-2222-4222-8222-222222222222', 'luis@alumnos.itesm.mx', 'no-existe', true, '2026-11-28')$$,
  '23503', null, 'a college that is not in the catalogue is refused');
select is_empty(
  $$delete from public.waitlist where uid = '11111111-1111-4111-8111-111111111111' returning uid$$,
  'another student''s row cannot be deleted (row-level security hides it)');
select lives_ok(
  $$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('22222222-2222-4222-8222-222222222222', 'luis@alumnos.itesm.mx', 'itesm-gdl', true, '2026-11-28')$$,
  'Luis adds his own entry');
select results_eq($$select count(*)::int from public.waitlist$$, $$values (1)$$,
  'and sees only that one');
reset role;

-- Anonymous visitors can do nothing.
set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select throws_ok(
  $$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('22222222-2222-4222-8222-222222222222', 'luis@alumnos.itesm.mx', 'udg-cucei', true, '2026-11-28')$$,
  '42501', null, 'an anonymous insert is refused');
select throws_ok($$select * from public.waitlist$$, '42501', null,
  'an anonymous read is refused');
reset role;

-- Behind the API: the rows are as written, and created_at is the database's.
select results_eq(
  $$select uid::text, college_id from public.waitlist order by uid$$,
  $$values ('11111111-1111-4111-8111-111111111111', 'udg-cucei'),
           ('22222222-2222-4222-8222-222222222222', 'itesm-gdl')$$,
  'both rows are intact');
select ok((select bool_and(created_at = now()) from public.waitlist),
  'created_at is the database''s time of the insert');

select * from finish();
rollback;
