-- 20261125120000_invites.sql (issue 28): one code per student on the list, one credit per
-- account; self-invites, double credits, unknown codes and direct access all refused.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(20);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx'),
  ('22222222-2222-4222-8222-222222222222', 'luis@alumnos.udg.mx'),
  ('33333333-3333-4333-8333-333333333333', 'sofia@tec.mx'),
  ('44444444-4444-4444-8444-444444444444', 'fuera@alumnos.udg.mx');
insert into public.waitlist (uid, email, college_id) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei'),
  ('22222222-2222-4222-8222-222222222222', 'luis@alumnos.udg.mx', 'udg-cucei'),
  ('33333333-3333-4333-8333-333333333333', 'sofia@tec.mx', 'itesm-gdl');

select matches(private.new_invite_code(), '^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$',
  'a drawn code is eight characters of the alphabet');
select is((select count(distinct private.new_invite_code())::integer from generate_series(1, 200)), 200,
  'two hundred draws give two hundred codes');

set local role authenticated;
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}';
create temporary table ana_code on commit drop as select code from public.my_invites();
select matches((select code from ana_code), '^[23456789ABCDEFGHJKMNPQRSTVWXYZ]{8}$', 'Ana gets a code');
select results_eq($$select code, joined from public.my_invites()$$,
  $$select code, 0 from ana_code$$, 'the same code on the next read, with no one credited yet');
select is(public.accept_invite((select code from ana_code)), false, 'her own code credits nothing');

set local request.jwt.claims = '{"sub":"22222222-2222-4222-8222-222222222222","role":"authenticated"}';
select is(public.accept_invite('ZZZZZZZZ'), false, 'an unknown code credits nothing');
select is(public.accept_invite('<script>'), false, 'a malformed code credits nothing');
select is(public.accept_invite(null), false, 'no code credits nothing');
select is(public.accept_invite(' ' || lower((select code from ana_code)) || ' '), true,
  'Luis joined with Ana''s code (as pasted: lowercase, spaces)');
select is(public.accept_invite((select code from ana_code)), false, 'a second credit is refused');
create temporary table luis_code on commit drop as select code from public.my_invites();
select isnt((select code from luis_code), (select code from ana_code), 'Luis has a code of his own');

set local request.jwt.claims = '{"sub":"33333333-3333-4333-8333-333333333333","role":"authenticated"}';
select is(public.accept_invite((select code from luis_code)), true, 'Sofía joined with Luis''s code');
set local request.jwt.claims = '{"sub":"44444444-4444-4444-8444-444444444444","role":"authenticated"}';
select is(public.accept_invite((select code from ana_code)), false,
  'a student not on the list is never credited');
select is_empty($$select * from public.my_invites()$$, 'and has no code');

set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}';
select results_eq($$select joined from public.my_invites()$$, $$values (1)$$,
  'Ana sees one classmate, and only her own count');
select throws_ok($$select * from private.invites$$, '42501', null,
  'a student cannot read who invited whom');
select throws_ok($$insert into private.invites (invitee, inviter) values
    ('44444444-4444-4444-8444-444444444444', '11111111-1111-4111-8111-111111111111')$$,
  '42501', null, 'nor write a credit');
select throws_ok($$select * from private.invite_codes$$, '42501', null, 'nor read the codes');

set local role anon;
set local request.jwt.claims = '{"role":"anon"}';
select throws_ok($$select * from public.my_invites()$$, '42501', null, 'anon cannot call my_invites()');

-- Leaving deletes the account: its code, its arrival and the credits to it go with it.
reset role;
delete from auth.users where id = '22222222-2222-4222-8222-222222222222';
select is((select count(*)::integer from private.invites), 0,
  'Luis left: his arrival and Sofía''s credit to him are gone');

select * from finish();
rollback;
