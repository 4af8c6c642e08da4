-- Issue 51, item 9: a new entry records that its student confirmed being 18 or older and the
-- privacy notice's version; a hero consent records the version (20261128010000_join_terms.sql).
-- A page from before them (a tab left open across the deploy) sends neither: its entry and its
-- consent record none.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(14);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx'),
  ('22222222-2222-4222-8222-222222222222', 'luis@alumnos.udg.mx');

set local role authenticated;
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","email":"ana@alumnos.udg.mx","role":"authenticated","app_metadata":{"provider":"google"},"is_anonymous":false}';

select throws_ok($$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei', false, '2026-11-28')$$,
  '42501', null, 'adult false is refused');
select throws_ok($$insert into public.waitlist (uid, email, college_id, adult)
    values ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei', true)$$,
  '42501', null, 'the confirmation without the version is refused');
select throws_ok($$insert into public.waitlist (uid, email, college_id, notice_version)
    values ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei', '2026-11-28')$$,
  '42501', null, 'the version without the confirmation is refused');
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

select throws_ok($$select public.grant_hero_consent('pronto')$$, '23514', null,
  'a consent with a version that is no date is refused');
select lives_ok($$select public.grant_hero_consent('2026-11-28')$$, 'a consent with a version is given');
select throws_ok($$update public.hero_consent set notice_version = '2030-01-01'$$, '42501', null,
  'its version cannot be changed');

-- Luis, on a page from before the join terms.
set local request.jwt.claims = '{"sub":"22222222-2222-4222-8222-222222222222","email":"luis@alumnos.udg.mx","role":"authenticated","app_metadata":{"provider":"google"},"is_anonymous":false}';
select lives_ok($$insert into public.waitlist (uid, email, college_id)
    values ('22222222-2222-4222-8222-222222222222', 'luis@alumnos.udg.mx', 'udg-cucei')$$,
  'a page from before them still joins');
select lives_ok($$select public.grant_hero_consent()$$, 'and still consents');

reset role;
select results_eq(
  $$select w.email, w.adult, w.notice_version, c.notice_version from public.waitlist w
    join public.hero_consent c on c.user_id = w.uid order by w.email$$,
  $$values ('ana@alumnos.udg.mx'::text, true, '2026-11-28'::text, '2026-11-28'::text),
           ('luis@alumnos.udg.mx', null, null, null)$$,
  'what each recorded: the confirmation and version, or none');
select ok(has_function_privilege('authenticated', 'public.grant_hero_consent()', 'execute')
  and not has_function_privilege('anon', 'public.grant_hero_consent()', 'execute'),
  'the call of a page from before stays for students only');

select * from finish();
rollback;
