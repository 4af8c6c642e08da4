-- 20261129040000_operator_console_terminal.sql (issue 61): the operators' command reaches the
-- console's functions over the direct connection with `operator.actor` = 'terminal:<user>', and
-- its log entries name it; the API's roles never do, even with `operator.actor` set (a student,
-- a session without a user, anon); without the setting, or with another value, the direct
-- connection is refused too. And 'Agregar al catálogo' checks what was typed as the domain does
-- (src/domain/operator/add-campus.ts).
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(40);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx'),
  ('22222222-2222-4222-8222-222222222222', 'opera@example.mx');
insert into public.waitlist (uid, email, college_id) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei');
do $$ begin perform private.set_operator('opera@example.mx', true, 'terminal:pgtap'); end $$;
insert into public.colleges (id, name, subname, email_domains, request_key)
  values ('pendiente-0123456789abcdef01234567', 'Texto de un estudiante', 'Colima',
    '{}', 'texto de un estudiante|colima');

create temporary table calls (name text, call text) on commit drop;
insert into calls values
  ('operator_access', 'operator_access()'),
  ('operator_campuses', 'operator_campuses()'),
  ('operator_save_settings', $$operator_save_settings('udg-cucei', '{"threshold":20,"sellerMinimum":1,"state":"open","opensOn":null}')$$),
  ('operator_launch', $$operator_launch('udg-cucei', 'udg-cucei', null)$$),
  ('operator_add_campus', $$operator_add_campus('{"request":"pendiente-0123456789abcdef01234567","id":"intruso","name":"Intruso","shortName":"Intruso","city":"Ciudad","state":"Jalisco","domains":["intruso.mx"]}')$$),
  ('operator_set_strip', 'operator_set_strip(false)'),
  ('operator_audit_log', 'operator_audit_log(10)');
grant select on calls to anon, authenticated;
create temporary table log_before on commit drop as select count(*)::int as n from private.operator_log;

-- A student who somehow set operator.actor: refused.
set local role authenticated;
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated","email":"ana@alumnos.udg.mx"}';
set local operator.actor = 'terminal:x';
select throws_ok('select public.' || call, '42501', null, 'a student with operator.actor is refused ' || name)
from calls order by name;
-- The API's role without a user (auth.uid() null): refused.
set local request.jwt.claims = '{"role":"authenticated"}';
select throws_ok('select public.operator_access()', '42501', null,
  'authenticated without a user, with operator.actor, is refused');
-- Anonymous.
set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select throws_ok('select public.operator_access()', '42501', null, 'anon with operator.actor is refused');
select throws_ok($$select private.require_operator()$$, '42501', null,
  'anon cannot call the check itself');
reset role;
reset request.jwt.claims;
select is((select count(*)::int from private.operator_log), (select n from log_before),
  'the refused calls wrote nothing');

-- The direct connection: without the setting, or with something else, refused.
set local operator.actor = '';
select throws_ok('select public.operator_access()', '42501', null,
  'the direct connection without operator.actor is refused');
set local operator.actor = 'ana@example.mx';
select throws_ok('select public.operator_access()', '42501', null,
  'an actor that is not terminal:<user> is refused');
set local operator.actor = 'terminal:';
select throws_ok('select public.operator_access()', '42501', null, 'terminal: names a user');
set local operator.actor = 'terminal:x';
set local role service_role;
select throws_ok('select private.require_operator()', '42501', null,
  'nor does the service role pass');
reset role;

-- With 'terminal:x': let in, and logged as 'terminal:x'.
select is(public.operator_access() ->> 'email', 'terminal:x', 'the terminal is let in as its actor');
select is(public.operator_set_strip(false) ->> 'done', 'true', 'and acts');
select is((select actor || ' ' || action from private.operator_log order by id desc limit 1),
  'terminal:x strip', 'the log names the terminal');
select is(public.operator_save_settings('udg-cucei',
    '{"threshold":20,"sellerMinimum":1,"state":"open","opensOn":null}') -> 'settings' ->> 'threshold',
  '20', 'saves settings');
select is((select actor || ' ' || action || ' ' || target from private.operator_log order by id desc limit 1),
  'terminal:x settings udg-cucei', 'logged as the terminal');

-- An operator's session keeps its own name, whatever operator.actor says.
set local role authenticated;
set local request.jwt.claims = '{"sub":"22222222-2222-4222-8222-222222222222","role":"authenticated","email":"opera@example.mx"}';
select is(public.operator_access() ->> 'email', 'opera@example.mx', 'an operator is named by address');
reset role;
reset request.jwt.claims;

-- 'Agregar al catálogo', checked as add-campus.ts checks it (by the terminal here).
create function pg_temp.add(patch jsonb) returns text language sql as $$
  select public.operator_add_campus('{"request":"pendiente-0123456789abcdef01234567","id":"ucol-manzanillo",
    "name":"Universidad de Colima","shortName":"UCOL - Manzanillo","city":"Manzanillo","state":"Colima",
    "domains":["ucol.mx"]}'::jsonb || patch) ->> 'refused'
$$;
select is(pg_temp.add('{"name":""}'), 'campus-add:name', 'an empty name is refused');
select is(pg_temp.add(jsonb_build_object('name', repeat('n', 121))), 'campus-add:name',
  'a name over 120 characters is refused');
select is(pg_temp.add('{"name":"Universidad <b>"}'), 'campus-add:name', 'angle brackets are refused');
select is(pg_temp.add(jsonb_build_object('name', 'Universidad' || chr(7) || 'x')), 'campus-add:name',
  'control characters are refused');
select is(pg_temp.add('{"name":42}'), 'campus-add:name', 'a name that is no text is refused');
select is(pg_temp.add(jsonb_build_object('shortName', repeat('s', 61))), 'campus-add:shortName',
  'a short name over 60 characters is refused, by the domain''s name');
select is(pg_temp.add(jsonb_build_object('city', repeat('c', 121))), 'campus-add:city',
  'a city over 120 characters is refused');
select is(pg_temp.add(jsonb_build_object('state', repeat('e', 61))), 'campus-add:state',
  'a state over 60 characters is refused');
select is(pg_temp.add('{"domains":["ucol.m1"]}'), 'campus-add:domains',
  'a top level that is not letters is refused');
select is(pg_temp.add('{"domains":["a.b"]}'), 'campus-add:domains', 'a domain under 4 characters too');
select is(pg_temp.add(jsonb_build_object('domains',
    (select jsonb_agg('d' || n || '.mx') from generate_series(1, 11) n))),
  'campus-add:domains', 'more than 10 domains are refused');
select is(pg_temp.add('{"domains":[]}'), 'campus-add:domains', 'no domain is refused');
select is(pg_temp.add('{"id":"UCOL"}'), 'campus-add:id', 'an id that is no college id is refused');
-- What the domain accepts: one-character fields, 120 and 60 characters, spaces folded, 10
-- domains given twice (once each, trimmed, lowercase, in the order typed).
select is(public.operator_add_campus(jsonb_build_object(
    'request', 'pendiente-0123456789abcdef01234567', 'id', 'ucol-manzanillo',
    'name', '  ' || repeat('n', 60) || E' \t ' || repeat('n', 59) || ' ', 'shortName', 'U',
    'city', 'M', 'state', repeat('e', 60),
    'domains', (select jsonb_agg(d) from (
      select ' D' || n || '.UCOL.MX ' as d from generate_series(10, 1, -1) n
      union all select 'd3.ucol.mx') x))) ->> 'added',
  'true', 'what the domain accepts is added');
select is((select name || '|' || short_name || '|' || subname from public.colleges where id = 'ucol-manzanillo'),
  repeat('n', 60) || ' ' || repeat('n', 59) || '|U|M', 'the fields tidied as the domain tidies them');
select is((select email_domains from public.colleges where id = 'ucol-manzanillo'),
  (select array_agg('d' || n || '.ucol.mx' order by n desc) from generate_series(1, 10) n),
  'the domains once each, in the order typed');
select is((select actor || ' ' || action || ' ' || outcome from private.operator_log
    where action = 'campus-add' order by id desc limit 1),
  'terminal:x campus-add done', 'the add is logged as the terminal');
select is(pg_temp.add('{"id":"ucol-otro"}'), 'campus-add:added-as-other',
  'the request added under another id is refused as added under another id');
select is(pg_temp.add('{"request":"pendiente-aaaaaaaaaaaaaaaaaaaaaaaa","id":"udg-cucei"}'),
  'campus-add:request', 'an unknown request is refused');

select * from finish();
rollback;
