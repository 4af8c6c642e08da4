-- 20261128060000_email_verification.sql (issue 48): no page role reads a code, a hash, a send or
-- another student's verification; the address rule and the code's derivation; the count of
-- distinct addresses; the preview for anyone.
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(20);

insert into private.mail_settings (token_secret)
select 'pgtap-secret-0123456789abcdef0123456789abcdef'
where not exists (select 1 from private.mail_settings);
insert into auth.users (id, email) values
  ('11111111-1111-4111-8111-111111111111', 'mariana@gmail.com'),
  ('22222222-2222-4222-8222-222222222222', 'otra@gmail.com');
insert into public.waitlist (uid, email, college_id) values
  ('11111111-1111-4111-8111-111111111111', 'mariana@gmail.com', 'udg-cucei'),
  ('22222222-2222-4222-8222-222222222222', 'otra@gmail.com', 'udg-cucei');

select is(private.normalize_address(' Ana.Garcia+2@Alumnos.UDG.mx '), 'ana.garcia@alumnos.udg.mx',
  'an address is read lower case, trimmed, without its +tag');
select is(private.normalize_address('аna@alumnos.udg.mx'), null, 'a Cyrillic look-alike is refused');
select is(private.normalize_address('ana..b@udg.mx'), null, 'two dots in a row are refused');
select is(private.normalize_address('ana@udg'), null, 'a one-label domain is refused');
select ok(private.address_in_domains('ana@cucei.alumnos.udg.mx', array['alumnos.udg.mx']),
  'a subdomain of the university''s domain is on it');
select ok(not private.address_in_domains('ana@xalumnos.udg.mx', array['alumnos.udg.mx']),
  'a look-alike domain is not');
select is(private.code_of_nonce('secret', '00000000000000000000000000000000') ~ '^\d{6}$', true,
  'a nonce gives six digits');

set local role authenticated;
set local request.jwt.claims = '{"sub":"11111111-1111-4111-8111-111111111111","role":"authenticated"}';
select is(public.send_verification_code('mariana@gmail.com') ->> 'outcome', 'personal',
  'a personal address is refused');
select is(public.send_verification_code('mariana+x@alumnos.udg.mx') ->> 'address',
  'mariana@alumnos.udg.mx', 'a code goes to the mailbox the address names');
select throws_ok($$select * from private.verification_codes$$, '42501', null,
  'a student cannot read the codes, not even her own hash');
select throws_ok($$select * from private.email_verifications$$, '42501', null,
  'nor the verifications');
select throws_ok($$select * from private.code_sends$$, '42501', null, 'nor the sends');
select throws_ok($$select * from private.mail_outbox$$, '42501', null,
  'nor the outbox that holds the nonce');
select is(public.verify_email_code('000000') ->> 'outcome', 'wrong', 'a wrong code is wrong');

reset role;
-- The right code, as the sender derives it from the message's nonce.
create temporary table right_code on commit drop as
  select private.code_of_nonce(s.token_secret, o.nonce) as code
  from private.mail_outbox o, private.mail_settings s
  where o.kind = 'code' and o.user_id = '11111111-1111-4111-8111-111111111111';
grant select on right_code to authenticated;
set local role authenticated;
select is(public.verify_email_code((select code from right_code)) ->> 'outcome', 'verified',
  'the code of the message verifies her');

set local request.jwt.claims = '{"sub":"22222222-2222-4222-8222-222222222222","role":"authenticated"}';
select is(public.send_verification_code('Mariana+otra@alumnos.udg.mx') ->> 'outcome', 'sent',
  'another account asking her address, its alias too, is answered as for a free one (issue 59)');
select is(public.pending_verification() ->> 'address', 'mariana@alumnos.udg.mx',
  'and has a code waiting, as for a free one');

reset role;
select is((select count(*)::int from private.mail_outbox
  where kind = 'code' and to_address = 'mariana@alumnos.udg.mx'), 1,
  'but nothing more went to her mailbox');
select is((select verified from private.campus_counts where college_id = 'udg-cucei'), 1,
  'the campus counts one verified address');

set local role anon;
select is((select short_name from public.invite_preview('ZZZZZZZZ')), null,
  'an unknown code previews nothing, for anyone');

select * from finish();
rollback;
