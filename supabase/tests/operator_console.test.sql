-- 20261129000100_operator_console_records.sql and 20261129000300_operator_console_functions.sql
-- (issue 61): every console function refuses a student (signed in, without the role) and an
-- anonymous caller with 42501, whatever they send, and lets an operator in; the operators' log is
-- append-only (no update, no truncate, a delete only past its 730 days); the new tables have
-- row-level security and no grant to the page's roles; the counters kept on write equal a recount
-- after joins, moves, verifications, choices, sources, invites, leaves and a change of domains.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(62);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx'),
  ('22222222-2222-4222-8222-222222222222', 'Opera@Example.mx'),
  ('33333333-3333-4333-8333-333333333333', 'beto@gmail.com'),
  ('44444444-4444-4444-8444-444444444444', 'caro@alumnos.udg.mx'),
  ('55555555-5555-4555-8555-555555555555', 'dani@alumnos.udg.mx');
insert into public.waitlist (uid, email, college_id) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei');
select lives_ok(
  $$select private.set_operator('opera@example.mx', true, 'terminal:pgtap')$$,
  'the command grants the role by address');

-- Every console function with harmless arguments: the refusal comes before any is read.
create temporary table calls (name text, call text) on commit drop;
insert into calls values
  ('operator_access', 'operator_access()'),
  ('operator_campuses', 'operator_campuses()'),
  ('operator_campus_days', $$operator_campus_days('udg-cucei')$$),
  ('operator_save_settings', $$operator_save_settings('udg-cucei', '{"threshold":20,"sellerMinimum":1,"state":"open","opensOn":null}')$$),
  ('operator_launch_preview', $$operator_launch_preview('udg-cucei')$$),
  ('operator_launch', $$operator_launch('udg-cucei', 'udg-cucei', null)$$),
  ('operator_cancel_launch', $$operator_cancel_launch('udg-cucei')$$),
  ('operator_requests', 'operator_requests()'),
  ('operator_add_campus', $$operator_add_campus('{"request":"pendiente-aaaaaaaaaaaaaaaaaaaaaaaa","id":"intruso","name":"Intruso","shortName":"Intruso","city":"Ciudad","state":"Jalisco","domains":["intruso.mx"]}')$$),
  ('operator_hero_photos', 'operator_hero_photos()'),
  ('operator_review_photo', $$operator_review_photo('11111111-1111-4111-8111-111111111111', true)$$),
  ('operator_set_strip', 'operator_set_strip(false)'),
  ('operator_find_student', $$operator_find_student('ana@alumnos.udg.mx')$$),
  ('operator_export_student', $$operator_export_student('11111111-1111-4111-8111-111111111111')$$),
  ('operator_delete_student', $$operator_delete_student('11111111-1111-4111-8111-111111111111')$$),
  ('operator_health', 'operator_health()'),
  ('operator_audit_log', 'operator_audit_log(10)');
grant select on calls to anon, authenticated;

select set_eq(
  $$select p.proname::text from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.proname like 'operator\_%'$$,
  $$select name from calls$$,
  'the list holds every console function of the API');
select is(
  (select count(*)::int from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
   where n.nspname = 'public' and p.proname like 'operator\_%'
     and (has_function_privilege('anon', p.oid, 'execute') or not p.prosecdef
       or not has_function_privilege('authenticated', p.oid, 'execute'))),
  0, 'each is security definer, run by authenticated, never by anon');

create temporary table log_before on commit drop as select count(*)::int as n from private.operator_log;

-- A student on the list, signed in with Google, without the role.
set local role authenticated;
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated","email":"ana@alumnos.udg.mx","app_metadata":{"provider":"google"}}';
select throws_ok('select public.' || call, '42501', null, 'a student is refused ' || name)
from calls order by name;

-- Anonymous.
set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select throws_ok('select public.' || call, '42501', null, 'anon is refused ' || name)
from calls order by name;

reset role;
select is((select count(*)::int from private.operator_log), (select n from log_before),
  'the refused calls wrote nothing');

-- The operator is let in.
set local role authenticated;
set local request.jwt.claims = '{"sub":"22222222-2222-4222-8222-222222222222","role":"authenticated","email":"opera@example.mx"}';
select is(public.operator_access() ->> 'email', 'opera@example.mx', 'an operator is let in');
select is(public.operator_launch('udg-cucei', 'otro', null) ->> 'refused', 'confirmation',
  'a launch without the typed id is refused, as an answer');
select throws_ok($$select * from private.operator_log$$, '42501', null,
  'even an operator reads no table of the console directly');
select throws_ok($$select * from private.operators$$, '42501', null, 'nor the role');
reset role;
select is((select outcome from private.operator_log order by id desc limit 1), 'confirmation',
  'the refused launch is in the log, its outcome named');

-- The page's roles reach no new table; each has row-level security on.
select is(
  (select count(*)::int from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'private' and c.relname in ('operators', 'operator_log', 'launches',
     'operator_members', 'operator_counts', 'retention_runs') and c.relrowsecurity),
  6, 'row-level security is on for each new table');
select is(
  (select count(*)::int from pg_catalog.pg_policy p join pg_catalog.pg_class c on c.oid = p.polrelid
   where c.relname in ('operators', 'operator_log', 'launches', 'operator_members',
     'operator_counts', 'retention_runs')),
  0, 'and no policy lets anyone in');
select is(
  (select count(*)::int from unnest(array['private.operators', 'private.operator_log',
     'private.launches', 'private.operator_members', 'private.operator_counts',
     'private.retention_runs']) t,
     unnest(array['anon', 'authenticated']) r,
     unnest(array['select', 'insert', 'update', 'delete']) p
   where has_table_privilege(r, t, p)),
  0, 'and anon and authenticated hold no privilege on them');

-- Append-only, whoever asks (the owner here).
select throws_ok($$update private.operator_log set outcome = 'done'$$, '42501', null,
  'no entry is ever updated');
select throws_ok($$delete from private.operator_log$$, '42501', null,
  'nor deleted while it is kept');
select throws_ok($$truncate private.operator_log$$, '42501', null, 'nor truncated');
insert into private.operator_log (at, actor, action, target, outcome)
values (now() - interval '731 days', 'old@example.mx', 'strip', null, 'done');
select lives_ok(
  $$delete from private.operator_log where at < now() - interval '730 days'$$,
  'an entry past its 730 days may be pruned');
select is((select count(*)::int from private.operator_log where actor = 'old@example.mx'), 0,
  'and is gone');

-- The counters kept on write equal a recount (with the report's own rules for the main ones).
create or replace function pg_temp.counters_match() returns boolean language sql as $$
  select not exists (
    (select oc.college_id, oc.key, oc.n from private.operator_counts oc where oc.n <> 0
     except
     select k.college_id, key, count(*)::int from public.waitlist w
     cross join lateral private.operator_keys_of(w.uid) k cross join lateral unnest(k.keys) key
     group by 1, 2)
    union all
    (select k.college_id, key, count(*)::int from public.waitlist w
     cross join lateral private.operator_keys_of(w.uid) k cross join lateral unnest(k.keys) key
     group by 1, 2
     except
     select oc.college_id, oc.key, oc.n from private.operator_counts oc where oc.n <> 0))
  and not exists (
    select 1 from public.colleges c
    where coalesce((select n from private.operator_counts oc where oc.college_id = c.id and oc.key = 'joined'), 0)
      <> (select count(*) from public.waitlist w where w.college_id = c.id)
      or coalesce((select n from private.operator_counts oc where oc.college_id = c.id and oc.key = 'seller-verified'), 0)
      <> (select count(*) from public.waitlist w join private.seller_choices s on s.user_id = w.uid
          join private.counted_members cm on cm.user_id = w.uid and cm.college_id = w.college_id
          where w.college_id = c.id))
$$;

insert into public.waitlist (uid, email, college_id) values
  ('33333333-3333-4333-8333-333333333333', 'beto@gmail.com', 'udg-cucei'),
  ('44444444-4444-4444-8444-444444444444', 'caro@alumnos.udg.mx', 'udg-cucei'),
  ('55555555-5555-4555-8555-555555555555', 'dani@alumnos.udg.mx', 'udg-cucea');
insert into private.seller_choices (user_id, categories) values
  ('11111111-1111-4111-8111-111111111111', '{snacks,postres}'),
  ('33333333-3333-4333-8333-333333333333', '{snacks}');
insert into private.join_sources (user_id, source, medium) values
  ('11111111-1111-4111-8111-111111111111', 'whatsapp', 'grupo'),
  ('33333333-3333-4333-8333-333333333333', 'whatsapp', 'grupo');
insert into private.invites (invitee, inviter) values
  ('44444444-4444-4444-8444-444444444444', '11111111-1111-4111-8111-111111111111');
select ok(pg_temp.counters_match(), 'after joins, choices, sources and an invite');
select is((select n from private.operator_counts where college_id = 'udg-cucei' and key = 'invited'), 1,
  'the invite counts, both on one campus and the invitee verified');
select is((select n from private.operator_counts where college_id = 'udg-cucei' and key = 'source-verified:whatsapp/grupo/-'),
  1, 'a source counts its verified students apart');

update public.waitlist set college_id = 'udg-cucea' where uid = '11111111-1111-4111-8111-111111111111';
select ok(pg_temp.counters_match(), 'after the inviter moves (the invite no longer counts)');
select is(coalesce((select n from private.operator_counts where college_id = 'udg-cucei' and key = 'invited'), 0), 0,
  'the invitee''s credit follows the inviter');

insert into private.email_verifications (user_id, address)
values ('33333333-3333-4333-8333-333333333333', 'beto@alumnos.udg.mx');
select ok(pg_temp.counters_match(), 'after a university address is verified');
select is((select n from private.operator_counts where college_id = 'udg-cucei' and key = 'seller-verified'), 1,
  'the verified seller counts');

delete from private.seller_choices where user_id = '33333333-3333-4333-8333-333333333333';
delete from public.waitlist where uid = '44444444-4444-4444-8444-444444444444';
select ok(pg_temp.counters_match(), 'after a choice is withdrawn and a student leaves');

update public.colleges set email_domains = '{otra.mx}' where id = 'udg-cucea';
select ok(pg_temp.counters_match(), 'after a campus''s domains change (a recount of the campus)');
select is(coalesce((select n from private.operator_counts where college_id = 'udg-cucea' and key = 'seller-verified'), 0), 0,
  'its sellers are no longer verified');

-- The counters are not scanned: a corrupted counter shows (the check can fail).
update private.operator_counts set n = n + 1 where college_id = 'udg-cucei' and key = 'joined';
select ok(not pg_temp.counters_match(), 'a counter off by one is caught');

select * from finish();
rollback;
