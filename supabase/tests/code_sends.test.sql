-- 20261128180000_email_verifications_code_sends.sql (issue 59): the code ledger and the suppression list are the
-- database's alone; the bounce endpoint hears only its token's holder and says nothing of the
-- address; the address checks read public.waitlist by its lower(email) index.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(18);

insert into private.mail_settings (token_secret)
select 'pgtap-secret-0123456789abcdef0123456789abcdef'
where not exists (select 1 from private.mail_settings);
create temporary table bounce_token on commit drop as
  select private.keyed_digest(s.token_secret, 'bounce-endpoint:v1') as token
  from private.mail_settings s;
grant select on bounce_token to anon;

-- The grants: no page role reads or writes the ledger or the list.
set local role anon;
select throws_ok($$select * from private.code_sends$$, '42501', null, 'anon cannot read the sends');
select throws_ok($$select * from private.code_identities$$, '42501', null,
  'nor the identities'' totals');
select throws_ok($$select * from private.code_budget$$, '42501', null, 'nor the budget');
select throws_ok($$select * from private.mail_suppressions$$, '42501', null,
  'nor the suppression list');
select throws_ok($$select public.send_verification_code('a@alumnos.udg.mx')$$, '42501', null,
  'anon cannot ask for a code');
reset role;
set local role authenticated;
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}';
select throws_ok($$delete from private.code_sends$$, '42501', null,
  'a student cannot empty the sends (and so ask again)');
select throws_ok($$update private.code_identities set total = 0$$, '42501', null,
  'nor lower an identity''s total');
select throws_ok($$delete from private.mail_suppressions$$, '42501', null,
  'nor take an address off the suppression list');
select throws_ok($$insert into private.code_budget (day, sent) values (current_date, 0)$$, '42501',
  null, 'nor write the budget');

-- The bounce endpoint, as anyone calls it.
reset role;
set local role anon;
select throws_ok($$select public.report_mail_bounce('x', 'bounce', 'rebota@alumnos.udg.mx')$$,
  'PT401', null, 'a wrong token is refused');
select throws_ok($$select public.report_mail_bounce(null, 'bounce', 'rebota@alumnos.udg.mx')$$,
  'PT401', null, 'no token is refused');
select throws_ok(
  $$select public.report_mail_bounce((select token from bounce_token), 'spam', 'rebota@alumnos.udg.mx')$$,
  'PT400', null, 'a notice of another type is refused');
select lives_ok(
  $$select public.report_mail_bounce((select token from bounce_token), 'bounce', 'Rebota+1@alumnos.udg.mx')$$,
  'the token''s holder reports a bounce');
select lives_ok(
  $$select public.report_mail_bounce((select token from bounce_token), 'complaint', 'nadie.conocido@alumnos.udg.mx')$$,
  'an unknown address is answered alike');
reset role;
select is((select reason from private.mail_suppressions
  where recipient = private.recipient_key(
    (select token_secret from private.mail_settings), 'rebota@alumnos.udg.mx')), 'bounce',
  'the bounced mailbox is suppressed, by its key');
select is((select count(*)::int from private.mail_suppressions), 2,
  'and the unknown address too: the list says nothing of who is on the waitlist');

-- The address checks' plan: 2,000 entries, the statistics fresh, the planner's own choice
-- (no enable_seqscan = off).
insert into auth.users (id, email)
select ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, 'plan' || n || '@gmail.com'
from generate_series(1, 2000) n;
insert into public.waitlist (uid, email, college_id)
select u.id, u.email, 'udg-cucei' from auth.users u where u.email like 'plan%@gmail.com';
analyze public.waitlist;
create function pg_temp.plan_of(query text)
returns text
language plpgsql
as $$
declare
  line record;
  plan text := '';
begin
  for line in execute 'explain ' || query loop
    plan := plan || line."QUERY PLAN" || chr(10);
  end loop;
  return plan;
end
$$;
-- private.address_taken's read of the list (its body, as the function runs it).
select matches(pg_temp.plan_of($$select exists (select 1 from public.waitlist w
    where lower(w.email) = 'plan7@gmail.com' and w.uid <> '11111111-1111-4111-8111-111111111111')$$),
  'waitlist_email_lower', 'the address check reads the lower(email) index');
-- private.count_verification's read (the students a verification frees or takes).
select matches(pg_temp.plan_of($$select w.uid from public.waitlist w
    where lower(w.email) = 'plan7@gmail.com' and w.uid <> '11111111-1111-4111-8111-111111111111'$$),
  'waitlist_email_lower', 'so does the count''s');

select * from finish();
rollback;
