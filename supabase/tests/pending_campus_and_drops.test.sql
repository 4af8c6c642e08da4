-- Issue 59's migrations: a pending campus's typed name in no e-mail (private.claim_mail,
-- 20261128181000_mail_pending_campus_label.sql) and on no invite preview (…181100_invites_…); a
-- request's text refuses links, e-mails, domains and runs of 5 digits (…181200_campus_requests_…);
-- report_failure counts its drops and writes no row per dropped call (…181300_failure_reports_…).
begin;
create extension if not exists pgtap with schema extensions;
set local search_path = public, extensions;
select plan(13);

insert into auth.users (id, email) values
  ('00000000-0000-4000-8000-000000000001', 'pide@gmail.com'),
  ('00000000-0000-4000-8000-000000000002', 'otra@alumnos.udg.mx');
insert into public.colleges (id, name, subname, short_name, request_key)
  values ('pendiente-0123456789abcdef01234567', 'Visita Premio Gratis', 'Colima',
    'Visita Premio Gratis (pendiente)', 'visita premio gratis|colima');
insert into public.waitlist (uid, email, college_id) values
  ('00000000-0000-4000-8000-000000000001', 'pide@gmail.com', 'pendiente-0123456789abcdef01234567'),
  ('00000000-0000-4000-8000-000000000002', 'otra@alumnos.udg.mx', 'udg-cucei');
insert into private.invite_codes (user_id, code) values
  ('00000000-0000-4000-8000-000000000001', 'ABCDEFGH'),
  ('00000000-0000-4000-8000-000000000002', 'HGFEDCBA')
  on conflict (user_id) do update set code = excluded.code;

-- 1. The sender's claim.
create temp table claimed as
  select * from private.claim_mail(now(), 100, now() + interval '1 minute');
select results_eq($$select kind, campus from claimed
    where user_id = '00000000-0000-4000-8000-000000000001'$$,
  $$values ('welcome'::text, 'tu campus (pendiente)'::text)$$,
  'the welcome names the pending campus generically');
select is_empty($$select 1 from claimed where campus ~* 'premio'$$,
  'no claimed message carries the typed name');
select isnt((select campus from claimed where user_id = '00000000-0000-4000-8000-000000000002'),
  'tu campus (pendiente)', 'a catalogue campus keeps its own name');

-- 2. The invite preview, for anyone.
set local role anon;
select is_empty($$select * from public.invite_preview('ABCDEFGH')$$,
  'a pending campus has no invite preview');
select results_eq($$select college_id from public.invite_preview('HGFEDCBA')$$,
  $$values ('udg-cucei'::text)$$, 'a catalogue campus has one');
reset role;

-- 3. A request's text.
select is(array(select private.campus_request_text_ok(t, 2, 120) from unnest(array[
    'Escribe a algo.com', 'UDG.MX', 'Universidad www.premio', 'Llama al 33 1234 5678',
    'Campus 12345', 'ana@udg'
  ]) t), array[false, false, false, false, false, false],
  'a domain, a link, a phone, 5 digits or an e-mail is refused');
select is(array(select private.campus_request_text_ok(t, 2, 120) from unnest(array[
    'Instituto Tecnológico de Cd. Juárez', 'U.N.A.M. Ciudad Universitaria', 'CBTIS 1234',
    'Cd.Juárez', 'U. de G. Campus Norte'
  ]) t), array[true, true, true, true, true],
  'abbreviations and short numbers are names');

-- 4. The failure reports: 120 kept, then a flood.
delete from private.failure_counts;
delete from private.failure_minutes;
delete from private.failure_drops;
do $$ begin for i in 1..120 loop perform public.report_failure('join', 'internal'); end loop; end $$;
create temp table writes_before as
  select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0) as n
  from pg_stat_xact_user_tables where schemaname = 'private' and relname like 'failure%';
do $$ begin for i in 1..500 loop perform public.report_failure('join', 'internal'); end loop; end $$;
select cmp_ok((select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)
    from pg_stat_xact_user_tables where schemaname = 'private' and relname like 'failure%')
  - (select n from writes_before), '<=', 1::numeric,
  '500 calls over the budget write at most one row (the minute''s mark)');
select results_eq($$select count from private.failure_counts$$, $$values (120)$$,
  '120 kept');
select results_eq($$select day, dropped from private.failure_drops_by_day()$$,
  $$values ((now() at time zone 'utc')::date, 500::bigint)$$, '500 dropped, counted');

-- An hour later the minute is folded into its day, and its drops stay counted.
update private.failure_minutes set minute = minute - interval '2 hours';
do $$ begin perform public.report_failure('join', 'internal'); end $$;
select is((select count(*) from private.failure_minutes where drops_from is not null), 0::bigint,
  'the old minute is pruned');
select results_eq($$select dropped from private.failure_drops_by_day()$$,
  $$values (500::bigint)$$, 'its drops folded into the day');
select ok(not has_table_privilege('anon', 'private.failure_drops', 'select')
  and not has_sequence_privilege('anon', 'private.failure_drops_seq', 'usage'),
  'the drops are no page role''s');

select * from finish();
rollback;
