-- 20261127120000_mail_limits.sql (issue 51): the sender's recipients' ledger is the sender's
-- alone, and it outlives the account (what holds a welcome to one per mailbox in 30 days).
-- …_leave_link_stop.sql: the stops an expired link records are the database's alone.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(9);

insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx');
insert into public.waitlist (uid, email, college_id) values
  ('11111111-1111-4111-8111-111111111111', 'ana@alumnos.udg.mx', 'udg-cucei');
insert into private.mail_recipients (recipient, message_id, kind, sent_at) values
  ('EcG3QrG_sYJ7l7lMmQU0XVzul-mdWWiSzidXjLy-D5Q',
   'welcome:11111111-1111-4111-8111-111111111111:1', 'welcome', now());

set local role anon;
select throws_ok($$select * from private.mail_recipients$$, '42501', null,
  'anon cannot read the ledger');
select throws_ok($$select * from private.mail_stops$$, '42501', null,
  'anon cannot read whose e-mails were stopped');
select throws_ok($$insert into private.mail_recipients values ('x', 'y', 'welcome', now())$$,
  '42501', null, 'anon cannot write the ledger');
reset role;
set local role authenticated;
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}';
select throws_ok($$select * from private.mail_recipients$$, '42501', null,
  'a student cannot read the ledger');
select throws_ok($$delete from private.mail_recipients$$, '42501', null,
  'a student cannot empty the ledger (and so be welcomed again)');
select throws_ok($$insert into private.mail_stops (user_id, joined_ms)
    values ('11111111-1111-4111-8111-111111111111', 1)$$, '42501', null,
  'nor write a stop (only an expired link of theirs does)');
reset role;

delete from auth.users where id = '11111111-1111-4111-8111-111111111111';
select is((select count(*)::integer from private.mail_recipients), 1,
  'the ledger stays when the student leaves (account and entry deleted)');
select throws_ok($$insert into private.mail_recipients values ('short', 'y', 'welcome', now())$$,
  '23514', null, 'a key is a digest, not an address');
select throws_ok($$insert into private.mail_recipients
  values ('EcG3QrG_sYJ7l7lMmQU0XVzul-mdWWiSzidXjLy-D5Q', 'z', 'other', now())$$,
  '23514', null, 'a kind is welcome or launch');

select * from finish();
rollback;
