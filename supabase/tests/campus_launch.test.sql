-- 20261128070000_campus_launch.sql (issue 49): no page role reads another student's seller
-- choice, source or requests, nor any campus's milestones; students cannot write campuses; a
-- pending campus is joined only by who asked for it, and never found; the choice and the source
-- go with the entry; milestones are reached once, from the floor.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(24);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx'),
  ('22222222-2222-4222-8222-222222222222', 'beto@alumnos.udg.mx');
insert into public.waitlist (uid, email, college_id) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei');

create temporary table pending on commit drop as
  select private.pending_campus_id('universidad del lago zirahuen|zirahuen') as id;
grant select on pending to authenticated;

set local role authenticated;
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated","email":"ana@alumnos.udg.mx","app_metadata":{"provider":"google"}}';
select is(public.save_seller_choice('["postres","comida-casera","postres"]'::jsonb),
  array['comida-casera', 'postres']::text[], 'a choice is kept once each, in the landing order');
select throws_ok($$select public.save_seller_choice('["tacos"]'::jsonb)$$, '22023', null,
  'an unknown category is refused');
select throws_ok($$select public.save_seller_choice('"postres"'::jsonb)$$, '22023', null,
  'so is anything but a list');
select is(public.my_seller_choice(), array['comida-casera', 'postres']::text[],
  'and the choice stays as it was');
select ok(public.record_join_source('whatsapp', 'grupo', null), 'a source is recorded once');
select ok(not public.record_join_source('instagram', null, null), 'the first stands');
select throws_ok($$select public.record_join_source('WhatsApp', null, null)$$, '22023', null,
  'a value that is not clamped is refused');
select throws_ok($$select * from private.seller_choices$$, '42501', null,
  'a student reads no seller choice, not even her own row');
select throws_ok($$select * from private.join_sources$$, '42501', null, 'nor the sources');
select throws_ok($$select * from private.campus_requests$$, '42501', null, 'nor the requests');
select throws_ok($$select * from private.campus_milestones$$, '42501', null, 'nor the milestones');
select throws_ok($$select * from private.added_campuses$$, '42501', null, 'nor the added campuses');
select throws_ok(
  $$insert into public.colleges (id, name) values ('mi-campus', 'Mi campus')$$,
  '42501', null, 'a student cannot make a campus');
select throws_ok($$update public.colleges set name = 'Otro' where id = 'udg-cucei'$$,
  '42501', null, 'nor rename one');

-- A request makes a pending campus its asker may join; no one else may, and the search skips it.
set local request.jwt.claims = '{"sub":"22222222-2222-4222-8222-222222222222","role":"authenticated","email":"beto@alumnos.udg.mx","app_metadata":{"provider":"google"}}';
select is(public.request_campus('Universidad del Lago Zirahuen', 'Zirahuen') ->> 'id',
  (select id from pending),
  'a request answers its pending campus');
select is((select count(*)::int from public.colleges where id like 'pendiente-%'), 0,
  'a pending campus is no public college');
select is((select count(*)::int from public.search_colleges('Zirahuen')), 0,
  'and the search does not find it');
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated","email":"ana@alumnos.udg.mx","app_metadata":{"provider":"google"}}';
select throws_ok(
  format($$update public.waitlist set college_id = %L$$, (select id from pending)),
  '42501', null, 'a student who did not ask cannot move to it');
set local request.jwt.claims = '{"sub":"22222222-2222-4222-8222-222222222222","role":"authenticated","email":"beto@alumnos.udg.mx","app_metadata":{"provider":"google"}}';
select lives_ok(
  format($$insert into public.waitlist (uid, email, college_id, adult, notice_version) values
    ('22222222-2222-4222-8222-222222222222', 'beto@alumnos.udg.mx', %L, true, '2026-11-28')$$,
    (select id from pending)),
  'who asked joins it at once');

reset role;
-- Leaving takes the choice and the source with the entry.
delete from public.waitlist where uid = '11111111-1111-4111-8111-111111111111';
select is((select count(*)::int from private.seller_choices), 0, 'leaving deletes the seller choice');
select is((select count(*)::int from private.join_sources), 0, 'and the source');

-- Milestones: none under the floor; once each, however often the count crosses.
insert into private.campus_settings (college_id, threshold) values ('udg-cuaad', 4);
insert into auth.users (id, email)
select ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'm' || n || '@alumnos.udg.mx'
from generate_series(1, 10) n;
insert into public.waitlist (uid, email, college_id)
select ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'm' || n || '@alumnos.udg.mx',
  'udg-cuaad'
from generate_series(1, 9) n;
select is((select count(*)::int from private.campus_milestones where college_id = 'udg-cuaad'), 0,
  'nine verified students reach nothing, whatever the threshold');
insert into public.waitlist (uid, email, college_id) values
  ('00000000-0000-4000-8000-000000000010', 'm10@alumnos.udg.mx', 'udg-cuaad');
select is((select count(*)::int from private.mail_outbox
  where kind = 'milestone' and college_id = 'udg-cuaad' and milestone = 100), 10,
  'the tenth reaches every milestone at once, and mails the highest to the ten');
delete from public.waitlist where uid = '00000000-0000-4000-8000-000000000010';
insert into public.waitlist (uid, email, college_id) values
  ('00000000-0000-4000-8000-000000000010', 'm10@alumnos.udg.mx', 'udg-cuaad');
select is((select count(*)::int from private.mail_outbox
  where kind = 'milestone' and college_id = 'udg-cuaad'), 9,
  'falling below and crossing again mails nothing new (the one who left took her message)');

select * from finish();
rollback;
