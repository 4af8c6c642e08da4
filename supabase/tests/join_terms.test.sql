-- Issue 51, item 9: a new entry records that its student confirmed being 18 or older and the
-- privacy notice's version; a hero consent records the version (20261128010000_join_terms.sql).
-- A page from before them (a tab left open across the deploy) sends neither: until the grace date
-- (JOIN_TERMS_GRACE_UNTIL, 2026-12-15) its entry and its consent record none; from it on, such an
-- entry is refused. The assertions below follow the database's own time, so the file holds on
-- either side of the date; entry_rules.test.sql checks both sides at fixed times.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(15);

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
-- Before the grace date the insert policy lets any version through to the table's check (23514);
-- from it on, the policy itself refuses a version never published (42501).
select throws_ok($$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei', true, 'la última')$$,
  case when now() < timestamptz '2026-12-15 00:00:00+00' then '23514' else '42501' end, null,
  'a version that is no date is refused');
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
select case when now() < timestamptz '2026-12-15 00:00:00+00'
  then lives_ok($$insert into public.waitlist (uid, email, college_id)
      values ('22222222-2222-4222-8222-222222222222', 'luis@alumnos.udg.mx', 'udg-cucei')$$,
    'before the grace date, a page from before them still joins')
  else throws_ok($$insert into public.waitlist (uid, email, college_id)
      values ('22222222-2222-4222-8222-222222222222', 'luis@alumnos.udg.mx', 'udg-cucei')$$,
    '42501', null, 'from the grace date, a page from before them is refused')
  end;
-- From the grace date Luis joins as today's page does, and consents through the old call.
select case when now() < timestamptz '2026-12-15 00:00:00+00'
  then pass('before the grace date he joined above')
  else lives_ok($$insert into public.waitlist (uid, email, college_id, adult, notice_version)
      values ('22222222-2222-4222-8222-222222222222', 'luis@alumnos.udg.mx', 'udg-cucei', true, '2026-11-28')$$,
    'from the grace date he joins with the confirmation and a published version')
  end;
select lives_ok($$select public.grant_hero_consent()$$, 'the old page''s call still consents');

reset role;
select results_eq(
  $$select w.email, w.adult, w.notice_version, c.notice_version from public.waitlist w
    join public.hero_consent c on c.user_id = w.uid order by w.email$$,
  $$select * from (values ('ana@alumnos.udg.mx'::text, true, '2026-11-28'::text, '2026-11-28'::text)) a
    union all
    select 'luis@alumnos.udg.mx', g.adult, g.version, null::text
    from (select now() >= timestamptz '2026-12-15 00:00:00+00' as after) d,
      lateral (select case when d.after then true end as adult,
        case when d.after then '2026-11-28' end as version) g$$,
  'what each recorded: the confirmation and version, or none');
select ok(has_function_privilege('authenticated', 'public.grant_hero_consent()', 'execute')
  and not has_function_privilege('anon', 'public.grant_hero_consent()', 'execute'),
  'the call of a page from before stays for students only');

select * from finish();
rollback;
