-- Issue 51, item 9: a new entry records that its student confirmed being 18 or older and the
-- privacy notice's version; a hero consent records the version (20261128010000_join_terms.sql).
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(12);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx');

set local role authenticated;
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","email":"ana@alumnos.udg.mx","role":"authenticated","app_metadata":{"provider":"google"},"is_anonymous":false}';

select throws_ok($$insert into public.waitlist (uid, email, college_id)
    values ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei')$$,
  '42501', null, 'an entry without the confirmation of age or the version is refused');
select throws_ok($$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei', false, '2026-11-28')$$,
  '42501', null, 'adult false is refused');
select throws_ok($$insert into public.waitlist (uid, email, college_id, adult)
    values ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei', true)$$,
  '42501', null, 'no notice version is refused');
select throws_ok($$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei', true, 'la última')$$,
  '23514', null, 'a version that is no date is refused');
select lives_ok($$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei', true, '2026-11-28')$$,
  'an entry with both is added');
select throws_ok($$update public.waitlist set adult = false$$, '42501', null,
  'the confirmation cannot be changed');
select throws_ok($$update public.waitlist set notice_version = '2030-01-01'$$, '42501', null,
  'nor the version');

select throws_ok($$select public.grant_hero_consent(null)$$, '42501', null,
  'a consent without a version is refused');
select throws_ok($$select public.grant_hero_consent('pronto')$$, '23514', null,
  'a consent with a version that is no date is refused');
select lives_ok($$select public.grant_hero_consent('2026-11-28')$$, 'a consent with a version is given');
select throws_ok($$update public.hero_consent set notice_version = '2030-01-01'$$, '42501', null,
  'its version cannot be changed');

reset role;
select results_eq(
  $$select w.adult, w.notice_version, c.notice_version from public.waitlist w
    join public.hero_consent c on c.user_id = w.uid$$,
  $$values (true, '2026-11-28', '2026-11-28')$$,
  'both are recorded');

select * from finish();
rollback;
