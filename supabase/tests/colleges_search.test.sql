-- public.colleges and search_colleges(q): accents, case, acronyms, typos, at most 3 hits.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(18);

select is(pg_get_function_result('public.search_colleges(text)'::regprocedure),
  'TABLE(id text, name text, subname text, "shortName" text)',
  'the spec''s mapping: id, name, subname, shortName');
select ok(has_function_privilege('anon', 'public.search_colleges(text)', 'execute'),
  'anonymous visitors may search');
select ok(not has_table_privilege('anon', 'public.colleges', 'insert, update, delete'),
  'nobody but the operator writes colleges');

set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select results_eq($$select id from public.search_colleges('cucei') limit 1$$,
  $$values ('udg-cucei')$$, 'an acronym finds its campus first');
select results_eq($$select id from public.search_colleges('CUCEI') limit 1$$,
  $$values ('udg-cucei')$$, 'case does not matter');
select ok((select bool_and(id like 'udg-%') and count(*) = 3 from public.search_colleges('UdeG')),
  'UdeG finds Universidad de Guadalajara');
select ok((select bool_and(id like 'itesm-%') and count(*) = 3 from public.search_colleges('ITESM')),
  'ITESM finds the Tecnológico de Monterrey');
select ok((select bool_and(id like 'itesm-%') from public.search_colleges('Tec')),
  'Tec finds the Tecnológico de Monterrey');
select ok('itesm-gdl' in (select id from public.search_colleges('tecnologico de monterrey guadalajara')),
  'words without accents find the accented name');
select results_eq(
  $$select id from public.search_colleges('TECNOLÓGICO de Monterrey Guadalajara')$$,
  $$select id from public.search_colleges('tecnologico de monterrey guadalajara')$$,
  'accents and case give the same hits');
select results_eq($$select id from public.search_colleges('cucéí') limit 1$$,
  $$values ('udg-cucei')$$, 'accents in the query are ignored');
select ok('itesm-mty' in (select id from public.search_colleges('monterey')),
  'a missing letter is tolerated (monterey)');
select ok((select count(*) > 0 and bool_and(name ~ 'Guadalajara' or subname ~ 'Guadalajara')
    from public.search_colleges('guadalajra')),
  'a typo is tolerated (guadalajra)');
select ok((select count(*) <= 3 from public.search_colleges('universidad')),
  'never more than 3 hits');
select is_empty($$select * from public.search_colleges('zzzxqj no existe')$$,
  'nothing matches nonsense');
select is_empty($$select * from public.search_colleges('   ')$$, 'a blank query finds nothing');
select is_empty($$select * from public.search_colleges(null)$$, 'a null query finds nothing');
select throws_ok($$insert into public.colleges (id, name) values ('x', 'X')$$, '42501', null,
  'an anonymous visitor cannot add a college');
reset role;

select * from finish();
rollback;
