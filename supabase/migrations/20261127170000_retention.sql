-- Issue 51, item 9: the retention the privacy notice promises, run by itself. The rule of
-- src/domain/retention.ts (retentionPlan), in SQL: an account that never joined, neither created
-- nor signed in to for 30 days, goes; and every student of a campus whose first launch run that
-- recorded messages ran 90 days ago or more goes, if they were on its list then (a later join was
-- never told), with everything kept of them (on delete cascade
-- from auth.users: the entry, the consent, invites, requests, e-mails, stops). A dry run says who;
-- a rerun deletes nothing (what it named is gone). Scheduled daily with pg_cron where the project
-- has it; elsewhere `npm run retention:supabase -- --yes --every 86400` on a worker.
create or replace function private.apply_retention(dry_run boolean default true)
returns table (reason text, user_id uuid, college_id text)
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  return query
  with launched as (
    select r.college_id, min(r.ran_at) as first_run from private.launch_runs r
    where r.queued > 0
    group by r.college_id
    having min(r.ran_at) <= now() - interval '90 days'
  ),
  plan as (
    select 'idle'::text as reason, u.id as user_id, null::text as college_id
    from auth.users u
    where greatest(u.created_at, coalesce(u.last_sign_in_at, u.created_at)) < now() - interval '30 days'
      and not exists (select 1 from public.waitlist w where w.uid = u.id)
    union all
    -- Only those on the list when the launch was recorded (so told): a later join stays.
    select 'launched', w.uid, w.college_id
    from public.waitlist w
    join launched l on l.college_id = w.college_id and w.created_at <= l.first_run
  ),
  gone as (
    delete from auth.users u
    where not dry_run and u.id in (select p.user_id from plan p)
    returning u.id
  ),
  -- The sender's recipients' ledger past its 30 days (the sender prunes it as it marks; with no
  -- mail going out, this does, as the privacy notice promises).
  ledger as (
    delete from private.mail_recipients m
    where not dry_run and m.sent_at < now() - interval '30 days'
    returning 1
  )
  select p.reason, p.user_id, p.college_id from plan p order by 1, 2;
end;
$$;
revoke all on function private.apply_retention(boolean) from public, anon, authenticated;

-- Daily at 03:17 UTC where pg_cron can run (Supabase: Database → Extensions → pg_cron). A
-- database without it (a local PostgreSQL) keeps the function, run by the worker command.
do $$
begin
  if exists (select 1 from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('apply-retention', '17 3 * * *',
      'select count(*) from private.apply_retention(false)');
  end if;
exception when others then
  raise notice 'pg_cron is not usable here (%): run npm run retention:supabase on a worker', sqlerrm;
end;
$$;
