-- 20261125000000_campus_progress.sql (issue 28): the domain rule, my_campus() (the caller's
-- campus, counted by the database, floored), and who may read or write what.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(28);

-- The domain rule (src/domain/email-domain.ts; tests/app/property/email-domain.property.test.ts).
select ok(private.email_in_domains('ana@alumnos.udg.mx', '{alumnos.udg.mx}'), 'the domain itself');
select ok(private.email_in_domains('ana@cucei.alumnos.udg.mx', '{alumnos.udg.mx}'), 'a subdomain');
select ok(private.email_in_domains('Ana@ALUMNOS.Udg.MX', '{alumnos.udg.mx}'), 'any case');
select ok(private.email_in_domains('ana@alumnos.udg.mx', '{tec.mx,ALUMNOS.UDG.MX}'), 'any of the list');
select ok(not private.email_in_domains('ana@alumnos.udg.mx.example.com', '{alumnos.udg.mx}'),
  'a look-alike with more labels is refused');
select ok(not private.email_in_domains('ana@xalumnos.udg.mx', '{alumnos.udg.mx}'),
  'a look-alike glued to a longer label is refused');
select ok(not private.email_in_domains('ana@alumnos.udg.mx.', '{alumnos.udg.mx}'),
  'a trailing dot is refused');
select ok(not private.email_in_domains('ana@alumnos.udg.mx', '{alumnos.udg.mx.}'),
  'a listed domain with a trailing dot matches nothing');
select ok(not private.email_in_domains('a@b@alumnos.udg.mx', '{alumnos.udg.mx}'), 'a second @');
select ok(not private.email_in_domains('@alumnos.udg.mx', '{alumnos.udg.mx}'), 'no local part');
select ok(not private.email_in_domains('ana+2@alumnos.udg.mx', '{alumnos.udg.mx}'),
  'a +tag alias (issue 51: one mailbox, one count)');
select ok(not private.email_in_domains('+@alumnos.udg.mx', '{alumnos.udg.mx}'), 'a bare +tag');
select ok(not private.email_in_domains('ana@sub..alumnos.udg.mx', '{alumnos.udg.mx}'),
  'an empty label');
select ok(not private.email_in_domains('ana@alumnos.udg.mх', '{alumnos.udg.mx}'),
  'a non-ASCII look-alike (Cyrillic х)');
select ok(not private.email_in_domains(null, '{alumnos.udg.mx}'), 'no address');
select ok(not private.email_in_domains('ana@alumnos.udg.mx', null), 'no domains');

-- The seeded catalogue carries each university's domains.
select is((select email_domains from public.colleges where id = 'udg-cucei'), '{alumnos.udg.mx}',
  'the catalogue gives UDG - CUCEI its domain');

-- Nine verified students of udg-cucei, one personal address, and Ana (verified).
insert into auth.users (id, email)
  select ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'e' || n || '@alumnos.udg.mx'
  from generate_series(1, 8) n;
insert into public.waitlist (uid, email, college_id)
  select id, email, 'udg-cucei' from auth.users where email like 'e%@alumnos.udg.mx';
insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx'),
  ('22222222-2222-4222-8222-222222222222', 'bea@gmail.com'),
  ('33333333-3333-4333-8333-333333333333', 'sin-registro@alumnos.udg.mx');
insert into public.waitlist (uid, email, college_id) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei'),
  ('22222222-2222-4222-8222-222222222222', 'bea@gmail.com', 'udg-cucei');

set local role authenticated;
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","email":"ana@alumnos.udg.mx","role":"authenticated","app_metadata":{"provider":"google"},"is_anonymous":false}';
select results_eq($$select college_id, verified, verified_count, threshold, state, opens_on, university_of from public.my_campus()$$,
  $$values ('udg-cucei', true, null::integer, 100, 'gathering', null::date, 'de la UdeG')$$,
  'nine verified students: under the floor, no figure; Ana is verified');
set local request.jwt.claims = '{"sub":"22222222-2222-4222-8222-222222222222","email":"bea@gmail.com","role":"authenticated","app_metadata":{"provider":"google"},"is_anonymous":false}';
select results_eq($$select verified from public.my_campus()$$, $$values (false)$$,
  'a personal address is not verified');
set local request.jwt.claims = '{"sub":"33333333-3333-4333-8333-333333333333","email":"sin-registro@alumnos.udg.mx","role":"authenticated","app_metadata":{"provider":"google"},"is_anonymous":false}';
select is_empty($$select * from public.my_campus()$$, 'no entry, no campus');

reset role;
insert into auth.users (id, email) values ('44444444-4444-4444-8444-444444444444', 'decimo@alumnos.udg.mx');
insert into public.waitlist (uid, email, college_id)
  values ('44444444-4444-4444-8444-444444444444', 'decimo@alumnos.udg.mx', 'udg-cucei');
insert into private.campus_settings (college_id, threshold, state, opens_on)
  values ('udg-cucei', 73, 'opening', '2027-01-15');
set local role authenticated;
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","email":"ana@alumnos.udg.mx","role":"authenticated","app_metadata":{"provider":"google"},"is_anonymous":false}';
select results_eq($$select verified_count, threshold, state, opens_on from public.my_campus()$$,
  $$values (10, 73, 'opening', '2027-01-15'::date)$$,
  'the tenth verified student shows the figure, with the operators'' settings');

-- Nobody of the page may read or write the settings, count another campus, or call the rule.
select throws_ok($$select * from private.campus_settings$$, '42501', null,
  'authenticated cannot read the settings');
select throws_ok($$insert into private.campus_settings (college_id, threshold) values ('udg-cucea', 1)$$,
  '42501', null, 'nor write them');
select throws_ok($$select private.email_in_domains('a@b.mx', '{b.mx}')$$, '42501', null,
  'nor call the domain rule');
select throws_ok($$update public.colleges set email_domains = '{gmail.com}' where id = 'udg-cucei'$$,
  '42501', null, 'nor change a campus''s domains');
select is((select count(*)::integer from public.waitlist), 1,
  'row-level security still shows a student only their own entry');
set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select throws_ok($$select * from public.my_campus()$$, '42501', null, 'anon cannot call my_campus()');
select throws_ok($$select * from private.campus_settings$$, '42501', null,
  'nor read the settings');

select * from finish();
rollback;
