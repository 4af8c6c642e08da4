-- 20261126000000_mail.sql (issue 25): one welcome row per entry, launch rows once per student,
-- nothing of it readable by anon or a student, and the leave link deleting only its own student.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(29);

-- HMAC-SHA256 against RFC 4231's test cases 2 and 6 (a key longer than the block).
select is(encode(private.hmac_sha256(convert_to('Jefe', 'UTF8'),
    convert_to('what do ya want for nothing?', 'UTF8')), 'hex'),
  '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843', 'HMAC-SHA256, RFC 4231 case 2');
select is(encode(private.hmac_sha256(decode(repeat('aa', 131), 'hex'),
    convert_to('Test Using Larger Than Block-Size Key - Hash Key First', 'UTF8')), 'hex'),
  '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54', 'HMAC-SHA256, RFC 4231 case 6');

insert into private.mail_settings (token_secret) values ('pgtap-secret-pgtap-secret-pgtap-secret-0123');
insert into auth.users (id, email, raw_user_meta_data) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', '{"full_name":"Ana <b>García</b>"}'),
  ('22222222-2222-4222-8222-222222222222', 'luis@alumnos.udg.mx', '{"name":"Nombre Reescrito"}'),
  ('33333333-3333-4333-8333-333333333333', 'sofia@tec.mx', '{}');
-- The name Google gave at sign-in: the identity's, never the metadata its holder can rewrite.
insert into auth.identities (provider_id, user_id, identity_data, provider) values
  ('g-luis', '22222222-2222-4222-8222-222222222222', '{"full_name":"Luis"}', 'google');
insert into public.waitlist (uid, email, college_id) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei');

select results_eq($$select id, kind from private.mail_outbox$$,
  $$select 'welcome:11111111-1111-4111-8111-111111111111:' || private.joined_ms(created_at), 'welcome'
    from public.waitlist where uid = '11111111-1111-4111-8111-111111111111'$$,
  'joining writes one outbox row: the welcome of that entry');
insert into public.waitlist (uid, email, college_id) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei')
  on conflict (uid) do nothing;
select is((select count(*)::integer from private.mail_outbox), 1, 'a duplicate join writes none');
insert into public.waitlist (uid, email, college_id) values
  ('22222222-2222-4222-8222-222222222222', 'luis@alumnos.udg.mx', 'udg-cucei'),
  ('33333333-3333-4333-8333-333333333333', 'sofia@tec.mx', 'itesm-gdl');

-- Tokens made as the sender makes them (src/domain/mail/leave-token.ts).
create temporary table tokens (who text primary key, token text) on commit drop;
create function pg_temp.token(purpose text, student text, joined bigint, expires bigint)
returns text language sql as $$
  select body || '.' || private.base64url(private.hmac_sha256(
    convert_to('pgtap-secret-pgtap-secret-pgtap-secret-0123', 'UTF8'), convert_to(body, 'UTF8')))
  from (select 'v1.' || purpose || '.' || private.base64url(convert_to(student, 'UTF8')) || '.'
    || joined || '.' || expires as body) b
$$;
insert into tokens
select 'ana', pg_temp.token('leave', uid::text, private.joined_ms(created_at), 4102444800)
  from public.waitlist where uid = '11111111-1111-4111-8111-111111111111'
union all
select 'ana-other-purpose', pg_temp.token('verify', uid::text, private.joined_ms(created_at), 4102444800)
  from public.waitlist where uid = '11111111-1111-4111-8111-111111111111'
union all
select 'ana-expired', pg_temp.token('leave', uid::text, private.joined_ms(created_at), 1700000000)
  from public.waitlist where uid = '11111111-1111-4111-8111-111111111111'
union all
select 'ana-old-entry', pg_temp.token('leave', uid::text, private.joined_ms(created_at) - 1, 4102444800)
  from public.waitlist where uid = '11111111-1111-4111-8111-111111111111';
grant select on tokens to anon, authenticated;

set local role anon;
select throws_ok($$select * from private.mail_outbox$$, '42501', null, 'anon cannot read the outbox');
select throws_ok($$select * from private.launch_runs$$, '42501', null,
  'anon cannot read the launch records');
select throws_ok($$select * from private.mail_settings$$, '42501', null, 'anon cannot read the secret');
select throws_ok($$select * from private.claim_mail(now(), 10, now())$$, '42501', null,
  'anon cannot claim messages');
select is(public.check_leave_link((select token from tokens where who = 'ana')), 'valid',
  'a valid link checks valid, without a sign-in');
select is(public.check_leave_link((select left(token, -1) || case when right(token, 1) = 'A' then 'B' else 'A' end
  from tokens where who = 'ana')), 'invalid', 'a changed signature is invalid');
select is(public.check_leave_link((select replace(token, '.4102444800.', '.4102444801.')
  from tokens where who = 'ana')), 'invalid', 'a changed expiry is invalid');
select is(public.check_leave_link((select token from tokens where who = 'ana-other-purpose')), 'invalid',
  'a token for another purpose is invalid');
select is(public.check_leave_link((select token from tokens where who = 'ana-expired')), 'expired',
  'an expired token is expired');
select is(public.check_leave_link('<script>alert(1)</script>'), 'malformed', 'text is malformed');
select is(public.check_leave_link(null), 'malformed', 'no token is malformed');
select is(public.leave_by_link((select token from tokens where who = 'ana-old-entry')), 'used',
  'a token of an earlier entry deletes nothing');
select is(public.leave_by_link((select token from tokens where who = 'ana-expired')), 'stopped',
  'an expired token deletes nothing; it stops the e-mails (issue 51)');
reset role;
select is((select count(*)::integer from auth.users), 3, 'no account was deleted by a bad token');

set local role authenticated;
set local request.jwt.claims = '{"sub":"22222222-2222-4222-8222-222222222222","role":"authenticated"}';
select throws_ok($$select * from private.mail_outbox$$, '42501', null,
  'a student cannot read the outbox');
select throws_ok($$select * from private.launch_runs$$, '42501', null,
  'a student cannot read the launch records');
set local role anon;
select is(public.leave_by_link((select token from tokens where who = 'ana')), 'left',
  'the valid link leaves, without a sign-in');
select is(public.leave_by_link((select token from tokens where who = 'ana')), 'used',
  'a second use deletes nothing more');
reset role;
select results_eq($$select id::text from auth.users order by id$$,
  $$values ('22222222-2222-4222-8222-222222222222'), ('33333333-3333-4333-8333-333333333333')$$,
  'it deleted only the token''s student');
select is((select count(*)::integer from private.mail_outbox
  where user_id = '11111111-1111-4111-8111-111111111111'), 0, 'and their messages');

-- The launch of a campus: each student once, a rerun records nothing, the claim leases them.
select results_eq($$select * from private.queue_launch('udg-cucei', true)$$, $$values (1, 0, 0)$$,
  'a dry run counts and records nothing');
select results_eq($$select * from private.queue_launch('udg-cucei')$$, $$values (1, 1, 0)$$,
  'the launch records one message per student');
select results_eq($$select * from private.queue_launch('udg-cucei')$$, $$values (1, 0, 1)$$,
  'a rerun records none again');
select results_eq(
  $$select kind, email, name, campus, invite_code, verified from private.claim_mail(now(), 10, now() + interval '5 minutes') order by kind$$,
  $$values ('launch', 'luis@alumnos.udg.mx', 'Luis', 'UDG - CUCEI', null::text, null::integer),
           ('welcome', 'luis@alumnos.udg.mx', 'Luis', 'UDG - CUCEI', null, null),
           ('welcome', 'sofia@tec.mx', '', 'ITESM - GDL', null, null)$$,
  'the sender claims what is due, with the address, the name Google gave and the campus');
select is_empty($$select * from private.claim_mail(now(), 10, now() + interval '5 minutes')$$,
  'a second sender claims none of the leased messages');

select * from finish();
rollback;
