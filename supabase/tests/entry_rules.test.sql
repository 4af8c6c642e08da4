-- Issue 59 (20261128182000_waitlist_entry_rules.sql): an entry's campus changes at most once a minute, a
-- student's own change only; after the grace date a new entry carries the 18+ confirmation with
-- a published version of the privacy notice.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(24);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx');

set local role authenticated;
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","email":"ana@alumnos.udg.mx","role":"authenticated","app_metadata":{"provider":"google"},"is_anonymous":false}';

select lives_ok($$insert into public.waitlist (uid, email, college_id, adult, notice_version)
    values ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei', true, '2026-12-01')$$,
  'a student joins with the published terms');
select is((select college_changed_at from public.waitlist), null::timestamptz,
  'joining is no change of campus');
select lives_ok($$update public.waitlist set college_id = 'udg-cucea'$$,
  'the first change of campus is free');
select is((select college_changed_at from public.waitlist), now(),
  'and stamped with the database''s time');
select throws_ok($$update public.waitlist set college_id = 'itesm-gdl'$$, 'PT429', null,
  'a second change within the minute is refused with PT429 (HTTP 429)');
select lives_ok($$update public.waitlist set college_id = 'udg-cucea'$$,
  'the same campus again is no change');
select throws_ok($$update public.waitlist set college_changed_at = now() - interval '1 hour'$$,
  '42501', null, 'the student cannot move the time of their last change');

reset role;
select is((select college_id from public.waitlist), 'udg-cucea', 'the refused change changed nothing');
update public.waitlist set college_changed_at = now() - interval '59 seconds';
set local role authenticated;
select throws_ok($$update public.waitlist set college_id = 'itesm-gdl'$$, 'PT429', null,
  '59 seconds after the last change: still refused');
reset role;
update public.waitlist set college_changed_at = now() - interval '60 seconds';
set local role authenticated;
select lives_ok($$update public.waitlist set college_id = 'itesm-gdl'$$,
  'a minute after the last change: allowed');
select throws_ok($$update public.waitlist set college_id = 'udg-cucei'$$, 'PT429', null,
  'and then not at once again');

-- The server's own moves (campus:add, operators) are no student's change: never limited.
reset role;
select lives_ok($$update public.waitlist set college_id = 'udg-cucei'$$, 'an operator moves an entry');
select lives_ok($$update public.waitlist set college_id = 'udg-cucea'$$, 'and again at once');

-- The join terms after the grace date (2026-12-15), at a given time.
select ok(private.accepts_join_terms(true, v, timestamptz '2027-01-01 00:00:00+00'),
  'after the grace date, published version ' || v)
  from unnest(array['2026-11-28', '2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03']) v;
select ok(not private.accepts_join_terms(null, null, timestamptz '2026-12-15 00:00:00+00'),
  'from the grace date, an entry without the confirmation is refused');
select ok(not private.accepts_join_terms(true, '2020-01-01', timestamptz '2026-12-15 00:00:00+00'),
  'and one with a version never published');
select ok(private.accepts_join_terms(null, null, timestamptz '2026-12-14 23:59:59+00')
    and private.accepts_join_terms(true, '2020-01-01', timestamptz '2026-12-14 23:59:59+00'),
  'before it, both are accepted as before');
select ok(not private.accepts_join_terms(false, '2026-12-01', timestamptz '2026-12-01 00:00:00+00')
    and not private.accepts_join_terms(true, null, timestamptz '2026-12-01 00:00:00+00'),
  'never: adult false, or the confirmation without a version');
select matches(
  (select with_check from pg_policies where tablename = 'waitlist' and cmd = 'INSERT'),
  'private\.accepts_join_terms\(adult, notice_version, now\(\)\)',
  'the insert policy checks the terms at the database''s time');

select * from finish();
rollback;
