-- 20261128171000_campus_progress_public.sql (issue 60): a campus's public progress, for anyone,
-- floored as invite_preview is; nothing for a pending campus, an unknown id or a malformed one.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(13);

select ok(has_function_privilege('anon', 'public.campus_progress(text)', 'execute')
  and has_function_privilege('authenticated', 'public.campus_progress(text)', 'execute'),
  'anon and authenticated may call campus_progress');
select ok(not has_function_privilege('public', 'public.campus_progress(text)', 'execute'),
  'no grant to public: only the roles named');
select ok((select p.prosecdef and p.proconfig @> array['search_path=""']
  from pg_proc p where p.oid = 'public.campus_progress(text)'::regprocedure),
  'security definer with an empty search_path');

-- Nine verified students of udg-cucei; a pending campus with a verified-looking student on it.
insert into auth.users (id, email)
  select ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid, 'e' || n || '@alumnos.udg.mx'
  from generate_series(1, 10) n;
insert into public.waitlist (uid, email, college_id)
  select id, email, 'udg-cucei' from auth.users
  where email like 'e%@alumnos.udg.mx' and email <> 'e10@alumnos.udg.mx';
insert into public.colleges (id, name, subname, email_domains, request_key)
  values ('pendiente-0123456789abcdef01234567', 'Texto de un estudiante', 'Colima',
    '{alumnos.udg.mx}', 'texto de un estudiante|colima');
insert into public.waitlist (uid, email, college_id)
  values ('00000000-0000-4000-8000-000000000010', 'e10@alumnos.udg.mx',
    'pendiente-0123456789abcdef01234567');
insert into private.campus_settings (college_id, threshold, state, opens_on)
  values ('udg-cucei', 73, 'opening', '2027-01-15');

set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select results_eq($$select college_id, verified_count, threshold, state, opens_on
    from public.campus_progress('udg-cucei')$$,
  $$values ('udg-cucei', null::integer, 73, 'opening', '2027-01-15'::date)$$,
  'nine verified students: the settings, and no figure under the floor');
select results_eq($$select college_id, verified_count, threshold, state, opens_on
    from public.campus_progress('udg-cucea')$$,
  $$values ('udg-cucea', null::integer, 100, 'gathering', null::date)$$,
  'a campus nobody joined: the defaults');
select is_empty($$select * from public.campus_progress('pendiente-0123456789abcdef01234567')$$,
  'a pending campus answers nothing, though a verified student is on it');
select is_empty($$select * from public.campus_progress('no-existe')$$, 'an unknown id answers nothing');
select is_empty($$select * from public.campus_progress(null)$$, 'nor does null');
select is_empty($$select * from public.campus_progress('UDG-CUCEI')$$, 'nor another case');
select is_empty($$select * from public.campus_progress(repeat('udg-cucei', 10000))$$,
  'nor a long text');
select is_empty($$select * from public.campus_progress('udg-cucei'' or ''1''=''1')$$,
  'nor a quote');

reset role;
update public.waitlist set college_id = 'udg-cucei' where uid = '00000000-0000-4000-8000-000000000010';
set local role authenticated;
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}';
select results_eq($$select verified_count from public.campus_progress('udg-cucei')$$,
  $$values (10)$$, 'the tenth verified student shows the figure, to a signed-in caller too');
select is((select proargnames from pg_proc where oid = 'public.campus_progress(text)'::regprocedure),
  array['college', 'college_id', 'verified_count', 'threshold', 'state', 'opens_on'],
  'the answer holds the progress only: no name, no student');

select * from finish();
rollback;
