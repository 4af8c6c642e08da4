-- hero_consent's policies and get_hero_profile_images() (issue 23): only the approved Google photos
-- of consenting students on the list, on Google's photo hosts, oldest consent first, at most 5,
-- nothing while the kill switch is off, and nothing else about the students.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(19);

-- Students 1..7 sign in with Google; their identity holds the photo Google sent. Their own
-- metadata (which they can rewrite) holds another photo: it must never be the one shown.
insert into auth.users (id, email, raw_user_meta_data)
select ('a0000000-0000-4000-8000-00000000000' || n)::uuid, 'c' || n || '@alumnos.udg.mx',
  jsonb_build_object('full_name', 'Nombre ' || n, 'avatar_url', 'https://tracker.example/' || n)
from generate_series(1, 7) n;
insert into auth.identities (provider_id, user_id, identity_data, provider, created_at)
select 'g' || n, ('a0000000-0000-4000-8000-00000000000' || n)::uuid,
  jsonb_build_object('avatar_url', 'https://lh3.googleusercontent.com/a/' || n), 'google', now()
from generate_series(1, 7) n;
-- Student 8 has an e-mail/password account with a photo in its metadata only.
insert into auth.users (id, email, raw_user_meta_data) values
  ('a0000000-0000-4000-8000-000000000008', 'c8@alumnos.udg.mx',
   '{"avatar_url":"https://lh3.googleusercontent.com/a/8"}');
insert into auth.identities (provider_id, user_id, identity_data, provider) values
  ('e8', 'a0000000-0000-4000-8000-000000000008', '{"email":"c8@alumnos.udg.mx"}', 'email');
-- Student 9's Google photo is on a foreign host (as a tampered identity would be).
insert into auth.users (id, email) values ('a0000000-0000-4000-8000-000000000009', 'c9@x.mx');
insert into auth.identities (provider_id, user_id, identity_data, provider) values
  ('g9', 'a0000000-0000-4000-8000-000000000009',
   '{"avatar_url":"https://lh3.googleusercontent.com.evil.example/9"}', 'google');
-- Everyone but student 7 is on the list.
insert into public.waitlist (uid, email, college_id)
select id, email, 'udg-cucei' from auth.users where email <> 'c7@alumnos.udg.mx';

select policies_are('public', 'hero_consent', array[
  'a student sees their own consent',
  'a Google student on the list grants their own consent',
  'a student withdraws their own consent']);
select is(pg_get_function_result('public.get_hero_profile_images()'::regprocedure),
  'TABLE("photoURL" text, "imageData" text)', 'the function returns only image columns');
select ok((select prosecdef from pg_proc where oid = 'public.get_hero_profile_images()'::regprocedure),
  'it runs as its owner (page roles cannot read auth.identities)');
select ok(not has_table_privilege('authenticated', 'private.hero_photo_review', 'select')
  and not has_table_privilege('anon', 'private.hero_photo_review', 'select')
  and not has_table_privilege('authenticated', 'private.hero_settings', 'update'),
  'the photo reviews and the kill switch are admin-only');

-- Student 7 is not on the list: consent refused. Student 1 grants their own, not another's.
set local role authenticated;
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000007","email":"c7@alumnos.udg.mx","role":"authenticated","app_metadata":{"provider":"google"},"is_anonymous":false}';
select throws_ok($$select public.grant_hero_consent('2026-11-28')$$, '42501', null,
  'a student not on the list cannot consent');
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000001","email":"c1@alumnos.udg.mx","role":"authenticated","app_metadata":{"provider":"google"},"is_anonymous":false}';
select lives_ok($$select public.grant_hero_consent('2026-11-28')$$, 'a Google student on the list consents');
select throws_ok($$insert into public.hero_consent (user_id) values ('a0000000-0000-4000-8000-000000000003')$$,
  '42501', null, 'nobody grants another student''s consent');
select throws_ok($$select * from private.hero_photo_queue$$, '42501', null,
  'a student cannot read the review queue');
reset role;

-- Students 2..6, 8 and 9 consent too (in this order, a day apart); 7 cannot (off the list).
insert into public.hero_consent (user_id, granted_at)
select ('a0000000-0000-4000-8000-00000000000' || n)::uuid, now() - (10 - n) * interval '1 day'
from unnest(array[2, 3, 4, 5, 6, 8, 9]) n;
-- Dates as set up (the dating trigger off for this one statement): 1 consented last.
set local session_replication_role = replica;
update public.hero_consent set granted_at = now() - (10 - right(user_id::text, 1)::int) * interval '1 day';
update public.hero_consent set granted_at = now() where user_id = 'a0000000-0000-4000-8000-000000000001';
set local session_replication_role = origin;

select set_eq($$select user_id::text from private.hero_photo_queue where status = 'pending'$$,
  array['a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002',
    'a0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000004',
    'a0000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000006',
    'a0000000-0000-4000-8000-000000000009'],
  'the queue: every consenting Google student on the list, pending (no Google photo: not queued)');

set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select is_empty($$select * from public.get_hero_profile_images()$$,
  'nothing is shown before an operator approves');
reset role;

-- The operator approves the current photos of 1..6, 8 and 9 (8 and 9 as they stand).
insert into private.hero_photo_review (user_id, photo_url, approved)
select user_id, photo_url, true from private.hero_photo_queue;
insert into private.hero_photo_review (user_id, photo_url, approved) values
  ('a0000000-0000-4000-8000-000000000008', 'https://lh3.googleusercontent.com/a/8', true);

set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select results_eq($$select "photoURL" from public.get_hero_profile_images()$$,
  $$values ('https://lh3.googleusercontent.com/a/2'), ('https://lh3.googleusercontent.com/a/3'),
    ('https://lh3.googleusercontent.com/a/4'), ('https://lh3.googleusercontent.com/a/5'),
    ('https://lh3.googleusercontent.com/a/6')$$,
  'the approved Google photos, oldest consent first, at most 5 (1 consented last)');
select ok(not exists (select 1 from public.get_hero_profile_images() t
    where t."photoURL" !~ '^https://lh[3-6]\.googleusercontent\.com/'),
  'never a photo from user-written metadata or a foreign host');
select ok((select bool_and("imageData" is null) from public.get_hero_profile_images()),
  'imageData is null (the page loads the URL)');
select ok(not exists (select 1 from public.get_hero_profile_images() t
    where row_to_json(t)::text ~ '@|a0000000|Nombre'),
  'the answer holds no e-mail, no uid, no name');
reset role;

-- Student 2 leaves the list; student 3 gets a new Google photo (pending again); 1 is now in.
delete from public.waitlist where uid = 'a0000000-0000-4000-8000-000000000002';
update auth.identities set identity_data = '{"avatar_url":"https://lh3.googleusercontent.com/a/3-new"}'
  where provider_id = 'g3';
select is((select status from private.hero_photo_queue
    where user_id = 'a0000000-0000-4000-8000-000000000003'), 'pending',
  'a changed photo is pending again');
set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select results_eq($$select "photoURL" from public.get_hero_profile_images()$$,
  $$values ('https://lh3.googleusercontent.com/a/4'), ('https://lh3.googleusercontent.com/a/5'),
    ('https://lh3.googleusercontent.com/a/6'), ('https://lh3.googleusercontent.com/a/1')$$,
  'a student off the list and a changed photo are not shown');
reset role;

-- The kill switch empties the strip at once.
update private.hero_settings set strip_enabled = false;
set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select is_empty($$select * from public.get_hero_profile_images()$$, 'the kill switch empties it');
reset role;
update private.hero_settings set strip_enabled = true;

-- Student 1 withdraws: leaves the strip, and their review goes with the consent.
set local role authenticated;
set local request.jwt.claims = '{"sub":"a0000000-0000-4000-8000-000000000001","email":"c1@alumnos.udg.mx","role":"authenticated","app_metadata":{"provider":"google"},"is_anonymous":false}';
delete from public.hero_consent where user_id = 'a0000000-0000-4000-8000-000000000001';
select ok(not exists (select 1 from public.get_hero_profile_images() t
    where t."photoURL" like '%/a/1'), 'a student who withdraws consent leaves the strip');
reset role;
select is_empty($$select * from private.hero_photo_review
    where user_id = 'a0000000-0000-4000-8000-000000000001'$$,
  'and their photo''s review is deleted with the consent');

select * from finish();
rollback;
